package io.github.jsoupcharset;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Prints one line on the console for each test class that skipped tests, with the reason, e.g.
 * {@code SKIPPED io.github.jsoupcharset.encoding.EncodingTest (1 of 23 tests): shared test data not found at …}
 * (one line per distinct reason). Surefire counts skipped tests but never says why; without this
 * line a clone without {@code ../shared} would look fully tested. Registered for every JUnit run
 * in {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}.
 */
public final class SkippedTestsReport implements TestExecutionListener {
    /** Per top-level test class: tests finished, and how many were skipped for each reason. */
    private static final class Tally {
        int tests;
        final Map<String, Integer> skipped = new LinkedHashMap<>();
    }

    private final Map<String, Tally> tallies = new LinkedHashMap<>();
    private final PrintStream out;
    private TestPlan plan;

    /** Prints on {@code System.out}, which surefire shows on the console. */
    public SkippedTestsReport() {
        this(System.out);
    }

    SkippedTestsReport(PrintStream out) {
        this.out = out;
    }

    @Override
    public synchronized void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public synchronized void executionSkipped(TestIdentifier id, String reason) {
        // a disabled test or container: nothing inside it runs or is reported
        skip(id, reason);
        if (isClass(id)) report(id);
    }

    @Override
    public synchronized void executionFinished(TestIdentifier id, TestExecutionResult result) {
        // aborted: an assumption failed, in the test or (for all its tests) in a container's setup
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            skip(id, result.getThrowable().map(Throwable::getMessage).orElse(null));
        } else if (id.isTest()) {
            tally(id).tests++;
        }
        if (isClass(id)) report(id);
    }

    private void skip(TestIdentifier id, String reason) {
        String line = reason == null || reason.isBlank() ? "no reason given" : reason.strip().lines().findFirst().orElseThrow();
        Tally t = tally(id);
        if (id.isTest()) t.tests++;
        t.skipped.merge(line, id.isTest() ? 1 : 0, Integer::sum);
    }

    /** Prints the lines of a top-level class once it has finished. */
    private void report(TestIdentifier classId) {
        String name = className(classId).orElse(null);
        if (name == null || topLevelClass(classId) != classId) return;
        Tally t = tallies.remove(name);
        if (t == null) return;
        // a count of 0: only a container was skipped, whose tests were never reported
        t.skipped.forEach((reason, count) -> out.println("SKIPPED " + name
                + (count == 0 ? " (tests not run)" : " (" + count + " of " + t.tests + " tests)") + ": " + reason));
        out.flush();
    }

    private Tally tally(TestIdentifier id) {
        TestIdentifier top = topLevelClass(id);
        String name = top == null ? id.getDisplayName() : className(top).orElse(id.getDisplayName());
        return tallies.computeIfAbsent(name, k -> new Tally());
    }

    /** The outermost class container holding this test or container (nested classes report with it). */
    private TestIdentifier topLevelClass(TestIdentifier id) {
        TestIdentifier top = null;
        for (TestIdentifier at = id; at != null; at = plan == null ? null : plan.getParent(at).orElse(null)) {
            if (isClass(at)) top = at;
        }
        return top;
    }

    private static boolean isClass(TestIdentifier id) {
        return id.getSource().filter(ClassSource.class::isInstance).isPresent();
    }

    private static Optional<String> className(TestIdentifier id) {
        return id.getSource().filter(ClassSource.class::isInstance).map(s -> ((ClassSource) s).getClassName());
    }
}
