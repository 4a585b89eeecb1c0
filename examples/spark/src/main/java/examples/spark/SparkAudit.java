package examples.spark;

import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.cli.PageAudit;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The {@code jsoup-charset audit} of WARC files as a Spark job: every HTML response decided and
 * decoded as a browser would, with the same code as the command ({@code WarcAudit.pages} and
 * {@code PageAudit.of} for each record, {@code AuditTable} for the table).
 *
 * <pre>spark-submit --class examples.spark.SparkAudit jsoup-charset-spark.jar [--max-body BYTES] OUT WARC...</pre>
 *
 * WARC is anything Spark's {@code binaryFiles} reads: a path or URI (file:, hdfs:, s3a:), a
 * directory, a glob. Each file is streamed record by record by one task (WARC files do not split),
 * so a crawl of many files uses every core; one huge file uses one. Writes
 * <ul>
 *   <li>{@code OUT/pages}: Parquet, one row per HTML page (columns as {@code audit --jsonl}'s fields,
 *       {@code warc} the file's URI as Spark names it, plus {@code notUtf8}; no {@code schema});</li>
 *   <li>{@code OUT/table.txt}: the table the {@code audit} command prints, also printed on stdout.</li>
 * </ul>
 * Failures (a truncated file, a broken record) are reported on stderr, counted in the table's last
 * line and skipped, as by the command; the exit status is then 1.
 */
public final class SparkAudit {
    private SparkAudit() {}

    /** The largest body audited unless {@code --max-body} says otherwise: the command's default. */
    public static final long DEFAULT_MAX_BODY = 16L << 20;

    private static final StructType NAIVE = new StructType()
            .add("charset", DataTypes.StringType, false)
            .add("corrupt", DataTypes.BooleanType, false)
            .add("authorText", DataTypes.BooleanType, false);

    /** The Parquet schema of {@code OUT/pages}. */
    public static final StructType SCHEMA = new StructType(new StructField[] {
            DataTypes.createStructField("warc", DataTypes.StringType, false),
            DataTypes.createStructField("offset", DataTypes.LongType, false),
            DataTypes.createStructField("url", DataTypes.StringType, false),
            DataTypes.createStructField("tld", DataTypes.StringType, false),
            DataTypes.createStructField("contentType", DataTypes.StringType, true),
            DataTypes.createStructField("bytes", DataTypes.LongType, false),
            DataTypes.createStructField("encoding", DataTypes.StringType, false),
            DataTypes.createStructField("notUtf8", DataTypes.BooleanType, false),
            DataTypes.createStructField("rule", DataTypes.StringType, false),
            DataTypes.createStructField("confidence", DataTypes.StringType, false),
            DataTypes.createStructField("detectorConfidence", DataTypes.IntegerType, true),
            DataTypes.createStructField("detectorRunnerUp", DataTypes.StringType, true),
            DataTypes.createStructField("headerLabel", DataTypes.StringType, true),
            DataTypes.createStructField("headerEncoding", DataTypes.StringType, true),
            DataTypes.createStructField("metaLabel", DataTypes.StringType, true),
            DataTypes.createStructField("metaEncoding", DataTypes.StringType, true),
            DataTypes.createStructField("metaSource", DataTypes.StringType, true),
            DataTypes.createStructField("conflict", DataTypes.BooleanType, false),
            DataTypes.createStructField("ignored", DataTypes.createArrayType(new StructType()
                    .add("label", DataTypes.StringType, false)
                    .add("where", DataTypes.StringType, false), false), false),
            DataTypes.createStructField("ignoredCount", DataTypes.IntegerType, false),
            DataTypes.createStructField("replacementCount", DataTypes.IntegerType, false),
            DataTypes.createStructField("misdeclared", DataTypes.BooleanType, false),
            DataTypes.createStructField("misdeclaredWhere", DataTypes.StringType, true),
            DataTypes.createStructField("bytesLookLike", DataTypes.StringType, true),
            DataTypes.createStructField("misdeclarationEvidence", DataTypes.StringType, true),
            DataTypes.createStructField("possiblyMisdeclared", DataTypes.BooleanType, false),
            DataTypes.createStructField("binary", DataTypes.BooleanType, false),
            DataTypes.createStructField("binaryEvidence", DataTypes.StringType, true),
            DataTypes.createStructField("truncation", DataTypes.StringType, true),
            DataTypes.createStructField("truncated", DataTypes.BooleanType, false),
            DataTypes.createStructField("doubleEncoded", DataTypes.IntegerType, false),
            DataTypes.createStructField("doubleEncodedWholeText", DataTypes.BooleanType, false),
            DataTypes.createStructField("doubleEncodingRepaired", DataTypes.BooleanType, false),
            DataTypes.createStructField("mixedWith", DataTypes.StringType, true),
            DataTypes.createStructField("mixedShare", DataTypes.IntegerType, true),
            DataTypes.createStructField("requests", NAIVE, false),
            DataTypes.createStructField("jsoup", NAIVE, false),
            DataTypes.createStructField("declared", NAIVE, false)});

    /**
     * What a run produced.
     *
     * @param report the table and the records line, as the command prints them
     * @param audit the table, the counts and the first failures
     */
    public record Result(String report, AuditAccumulator.Audit audit) {}

    /** The output directory exists: the job writes only a new one. */
    public static final class OutExists extends IllegalArgumentException {
        @java.io.Serial
        private static final long serialVersionUID = 1L;

        OutExists(String out) {
            super("OUT exists: " + out + " (the job writes a new directory: remove it or name another)");
        }
    }

    /** Fails with {@link OutExists} if the output directory exists. */
    static void requireAbsent(Path out, JavaSparkContext sc) {
        try {
            if (out.getFileSystem(sc.hadoopConfiguration()).exists(out)) throw new OutExists(out.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot look at " + out, e);
        }
    }

    /** Runs the job with the session spark-submit (or {@code -Dspark.master=local[2]}) configures. */
    public static void main(String[] args) {
        long maxBody = DEFAULT_MAX_BODY;
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        if (rest.size() >= 2 && rest.get(0).equals("--max-body")) {
            try {
                maxBody = Long.parseLong(rest.get(1));
            } catch (NumberFormatException e) {
                maxBody = -1;
            }
            rest = rest.subList(2, rest.size());
        }
        if (rest.size() < 2 || maxBody < 0 || rest.get(0).startsWith("-")) {
            System.err.println("usage: SparkAudit [--max-body BYTES] OUT WARC...");
            System.exit(2);
        }
        SparkSession spark = SparkSession.builder().appName("jsoup-charset audit").getOrCreate();
        Result result;
        try {
            result = run(spark, rest.subList(1, rest.size()), rest.get(0), maxBody);
        } catch (OutExists e) {
            // one line, not Spark's PATH_ALREADY_EXISTS trace
            System.err.println("jsoup-charset: " + e.getMessage());
            System.exit(2);
            return;
        } finally {
            spark.stop();
        }
        result.audit().failures().forEach(m -> System.err.println("jsoup-charset: " + m));
        System.out.print(result.report());
        System.exit(result.audit().counts().ok() ? 0 : 1);
    }

    /**
     * Audits the WARC files, writes {@code out/pages} (Parquet) and {@code out/table.txt}.
     *
     * @param warcs paths, URIs, directories or globs, as {@code SparkContext.binaryFiles} reads them
     * @param out a directory that must not exist yet (any Hadoop file system)
     * @param maxBody the largest body audited, in bytes; larger ones are skipped and reported
     * @throws OutExists if {@code out} exists (checked before any WARC is read)
     */
    public static Result run(SparkSession spark, List<String> warcs, String out, long maxBody) {
        Objects.requireNonNull(spark, "spark must not be null");
        if (warcs.isEmpty()) throw new IllegalArgumentException("no WARC given");
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        requireAbsent(new Path(out), sc);
        AuditAccumulator tally = new AuditAccumulator();
        sc.sc().register(tally, "jsoup-charset audit");

        // one (path, stream) per file, opened lazily by the task; a file is never read into memory whole
        JavaRDD<Row> rows = sc.binaryFiles(String.join(",", warcs))
                .mapPartitions(files -> new PartitionAudit(files, maxBody, tally));
        // The pages go straight to the write, so the accumulator is updated inside the action's own
        // tasks: Spark applies each partition's update once, even when a task is retried.
        spark.createDataFrame(rows, SCHEMA).write().parquet(out + "/pages");

        AuditAccumulator.Audit audit = tally.value();
        String report = audit.table().render() + System.lineSeparator() + audit.counts().summary();
        Path table = new Path(out, "table.txt");
        try {
            FileSystem fs = table.getFileSystem(sc.hadoopConfiguration());
            try (FSDataOutputStream o = fs.create(table, false)) {
                o.write(report.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + table, e);
        }
        return new Result(report, audit);
    }

    /** One page as a row of {@link #SCHEMA}. */
    static Row row(String warc, long offset, PageAudit page) {
        EncodingDecision d = page.decision();
        List<Row> ignored = new ArrayList<>();
        for (IgnoredLabel i : d.ignoredLabels()) ignored.add(RowFactory.create(i.label(), i.where().name()));
        return RowFactory.create(warc, offset, page.url(), page.tld(), page.contentType(), page.bodyBytes(),
                d.encoding().name(), page.notUtf8(), d.source().name(), d.confidence().name(),
                d.detectorConfidence().isPresent() ? d.detectorConfidence().getAsInt() : null,
                d.detectorRunnerUp().map(Encoding::name).orElse(null),
                d.headerLabel().orElse(null), d.headerEncoding().map(Encoding::name).orElse(null),
                d.metaLabel().orElse(null), d.metaEncoding().map(Encoding::name).orElse(null),
                d.metaSource().map(Enum::name).orElse(null), d.conflict(), CollectionConverters.asScala(ignored), // a Scala Seq for Spark
                d.ignoredLabelCount(), d.replacementCount().orElse(0),
                d.misdeclared(), d.misdeclaration().map(m -> m.declaration().name()).orElse(null),
                d.misdeclaration().map(m -> m.bytesLookLike().name()).orElse(null),
                d.misdeclaration().map(EncodingDecision.Misdeclaration::evidence).orElse(null),
                d.possiblyMisdeclared(), d.looksBinary(), d.binaryEvidence().orElse(null),
                page.truncation(), d.truncated(), d.doubleEncodedSequences(),
                d.doubleEncoding().map(EncodingDecision.DoubleEncoding::wholeText).orElse(false),
                d.doubleEncoding().map(EncodingDecision.DoubleEncoding::repaired).orElse(false),
                d.mixture().map(m -> m.other().name()).orElse(null),
                d.mixture().map(EncodingDecision.Mixture::sharePercent).orElse(null),
                naive(page.requests()), naive(page.jsoup()), naive(page.declared()));
    }

    private static Row naive(PageAudit.Naive n) {
        return RowFactory.create(n.charset(), n.corrupt(), n.authorText());
    }
}
