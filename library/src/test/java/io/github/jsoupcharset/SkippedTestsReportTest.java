package io.github.jsoupcharset;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** The console line for skipped tests: one per class and reason, also where a whole class is skipped. */
class SkippedTestsReportTest {
    // the classes below are run by the test through a launcher of its own (surefire leaves out nested classes)

    static class SomeSkip {
        @Test void runs() {}
        @Test void skips() { Assumptions.abort("no data"); }
        @Test void skipsToo() { Assumptions.abort("no data"); }
        @Test void skipsOtherwise() { Assumptions.abort("other reason\nsecond line"); }

        @Nested
        class Inner {
            @Test void skipsInside() { Assumptions.abort("no data"); }
        }
    }

    static class SetUpSkips {
        @BeforeAll static void setUp() { Assumptions.abort("no corpus"); }
        @Test void neverRuns() {}
    }

    // a fixture, not a test set aside: the report must name a class JUnit disables, with the reason
    @Disabled("not today")
    static class DisabledClass {
        @Test void neverRuns() {}
    }

    static class NoneSkip {
        @Test void runs() {}
    }

    @Test
    void printsOneLinePerClassAndReason() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false).build());
        launcher.execute(LauncherDiscoveryRequestBuilder.request()
                        .selectors(selectClass(SomeSkip.class), selectClass(SetUpSkips.class),
                                selectClass(DisabledClass.class), selectClass(NoneSkip.class))
                        .build(),
                new SkippedTestsReport(new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        String prefix = "SKIPPED " + SkippedTestsReportTest.class.getName();
        // nothing for NoneSkip; the order of the lines follows the order the tests ran in
        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList(), containsInAnyOrder(
                prefix + "$SomeSkip (3 of 5 tests): no data",
                prefix + "$SomeSkip (1 of 5 tests): other reason",
                prefix + "$SetUpSkips (tests not run): no corpus",
                prefix + "$DisabledClass (tests not run): not today"));
    }
}
