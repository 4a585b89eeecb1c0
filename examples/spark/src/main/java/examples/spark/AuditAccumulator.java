package examples.spark;

import io.github.jsoupcharset.cli.AuditTable;
import io.github.jsoupcharset.cli.WarcAudit;
import org.apache.spark.util.AccumulatorV2;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Adds up the partitions' audits on the driver: their {@link AuditTable}s and
 * {@link WarcAudit.Counts} merged, and the first {@value #MAX_FAILURES} failure messages kept.
 */
public final class AuditAccumulator extends AccumulatorV2<AuditAccumulator.Audit, AuditAccumulator.Audit> {
    /** Failure messages kept for the driver to print; the counts include every failure. */
    public static final int MAX_FAILURES = 1000;

    /** A table, the counts of the records behind it, and failure messages. Mutable. */
    public static final class Audit implements Serializable {
        private final AuditTable table = new AuditTable();
        private final WarcAudit.Counts counts = new WarcAudit.Counts();
        private final List<String> failures = new ArrayList<>();

        /** The table, as {@code jsoup-charset audit} prints it with {@link AuditTable#render()}. */
        public AuditTable table() {
            return table;
        }

        /** What became of the records. */
        public WarcAudit.Counts counts() {
            return counts;
        }

        /** The first failure messages. */
        public List<String> failures() {
            return Collections.unmodifiableList(failures);
        }

        void failed(String message) {
            if (failures.size() < MAX_FAILURES) failures.add(message);
        }

        Audit merge(Audit other) {
            table.merge(other.table);
            counts.merge(other.counts);
            other.failures.forEach(this::failed);
            return this;
        }

        boolean isEmpty() {
            return counts.files() == 0 && table.pages() == 0 && failures.isEmpty();
        }
    }

    private Audit audit = new Audit();

    @Override
    public boolean isZero() {
        return audit.isEmpty();
    }

    @Override
    public AuditAccumulator copy() {
        AuditAccumulator copy = new AuditAccumulator();
        copy.audit.merge(audit);
        return copy;
    }

    @Override
    public void reset() {
        audit = new Audit();
    }

    @Override
    public void add(Audit partition) {
        audit.merge(partition);
    }

    @Override
    public void merge(AccumulatorV2<Audit, Audit> other) {
        audit.merge(other.value());
    }

    @Override
    public Audit value() {
        return audit;
    }
}
