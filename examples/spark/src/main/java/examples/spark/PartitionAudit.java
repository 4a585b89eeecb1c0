package examples.spark;

import io.github.jsoupcharset.cli.AuditTable;
import io.github.jsoupcharset.cli.PageAudit;
import io.github.jsoupcharset.cli.WarcAudit;
import org.apache.spark.TaskContext;
import org.apache.spark.input.PortableDataStream;
import org.apache.spark.sql.Row;
import org.apache.spark.util.TaskCompletionListener;
import scala.Tuple2;

import java.nio.channels.Channels;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The rows of one partition's WARC files, read as Spark asks for them: each file streamed from its
 * file system record by record through {@link WarcAudit#pages}, every page added to the
 * partition's {@link AuditTable} and turned into a row. When the last file ends, the partition's
 * table, counts and failures go to the accumulator.
 */
final class PartitionAudit implements Iterator<Row> {
    private final Iterator<Tuple2<String, PortableDataStream>> files;
    private final AuditAccumulator tally;
    private final WarcAudit audit;
    private final AuditAccumulator.Audit partial = new AuditAccumulator.Audit();
    private String warc;
    private WarcAudit.Pages pages;
    private boolean reported;

    PartitionAudit(Iterator<Tuple2<String, PortableDataStream>> files, long maxBody, AuditAccumulator tally) {
        this.files = files;
        this.tally = tally;
        this.audit = new WarcAudit(maxBody, message -> {
            System.err.println("jsoup-charset: " + message); // the executor's log
            partial.failed(message);
        });
        TaskContext task = TaskContext.get();
        if (task != null) task.addTaskCompletionListener((TaskCompletionListener) t -> closeFile()); // also on failure
    }

    @Override
    public boolean hasNext() {
        while (pages == null || !pages.hasNext()) {
            closeFile();
            if (!files.hasNext()) {
                if (!reported) {
                    reported = true;
                    partial.counts().merge(audit.counts());
                    tally.add(partial);
                }
                return false;
            }
            Tuple2<String, PortableDataStream> file = files.next();
            warc = file._1();
            pages = audit.pages(warc, Channels.newChannel(file._2().open()));
        }
        return true;
    }

    @Override
    public Row next() {
        if (!hasNext()) throw new NoSuchElementException();
        PageAudit page = pages.next();
        partial.table().add(page);
        return SparkAudit.row(warc, pages.offset(), page);
    }

    private void closeFile() {
        if (pages != null) pages.close();
        pages = null;
    }
}
