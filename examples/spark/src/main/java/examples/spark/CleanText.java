package examples.spark;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.cli.WarcAudit;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.ParsedHtml;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.input.PortableDataStream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.TaskCompletionListener;
import org.jsoup.nodes.Document;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The HTML pages of WARC files without their scripts and styles, as a Spark job: each page is
 * decoded and parsed as a browser would ({@link BrowserCharsetJsoup#parseWithDecision}); a clone of
 * the document loses its {@code script} and {@code style} elements, names its charset in a {@code
 * <meta charset>} and is written in the page's own charset (UTF-8 for UTF-16 and x-user-defined
 * pages), so that the clean HTML, read without the HTTP header, gives the clone's text.
 *
 * <pre>spark-submit --class examples.spark.CleanText jsoup-charset-spark.jar OUT WARC...</pre>
 *
 * WARC is anything Spark's {@code binaryFiles} reads, as for {@link SparkAudit}. Writes {@code OUT}
 * as Parquet, one row per 2xx response served as {@code text/html} or {@code
 * application/xhtml+xml}, with the columns of {@link #SCHEMA}. A record whose HTTP header block or
 * body cannot be read, or whose body is over 16 MiB, is reported on stderr and skipped; a file that
 * is not a readable WARC fails the job ({@link SparkAudit} reports such files and goes on).
 */
public final class CleanText {
    private CleanText() {}

    private static final BrowserCharsetParser PARSER = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS);

    /** The largest body cleaned: the audit's default cap. */
    static final int MAX_BODY = (int) SparkAudit.DEFAULT_MAX_BODY;

    /**
     * The Parquet schema of {@code OUT}: the WARC file, the page's URL, the encoding it was decoded
     * with, the charset of {@code html}, the clean HTML in that charset, and its text.
     */
    public static final StructType SCHEMA = new StructType()
            .add("warc", DataTypes.StringType, false)
            .add("url", DataTypes.StringType, false)
            .add("encoding", DataTypes.StringType, false)
            .add("charset", DataTypes.StringType, false)
            .add("html", DataTypes.BinaryType, false)
            .add("text", DataTypes.StringType, false);

    /** Runs the job with the session spark-submit configures; prints the number of pages. */
    public static void main(String[] args) {
        if (args.length < 2 || args[0].startsWith("-")) {
            System.err.println("usage: CleanText OUT WARC...");
            System.exit(2);
        }
        SparkSession spark = SparkSession.builder().appName("jsoup-charset clean text").getOrCreate();
        long pages;
        try {
            pages = run(spark, List.of(args).subList(1, args.length), args[0]);
        } finally {
            spark.stop();
        }
        System.out.println(pages + " pages cleaned");
    }

    /**
     * Cleans the HTML pages of the WARC files and writes them to {@code out} (Parquet).
     *
     * @param warcs paths, URIs, directories or globs, as {@code SparkContext.binaryFiles} reads them
     * @param out a directory that must not exist yet (any Hadoop file system)
     * @return the number of pages written
     */
    public static long run(SparkSession spark, List<String> warcs, String out) {
        Objects.requireNonNull(spark, "spark must not be null");
        if (warcs.isEmpty()) throw new IllegalArgumentException("no WARC given");
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<Row> rows = sc.binaryFiles(String.join(",", warcs)).flatMap(file -> pages(file._1(), file._2()));
        spark.createDataFrame(rows, SCHEMA).write().parquet(out);
        return spark.read().parquet(out).count();
    }

    /** The clean pages of one WARC file, read record by record as the task asks for them. */
    private static Iterator<Row> pages(String warc, PortableDataStream file) throws IOException {
        WarcReader reader = new WarcReader(Channels.newChannel(file.open()));
        TaskContext task = TaskContext.get();
        if (task != null) task.addTaskCompletionListener((TaskCompletionListener) t -> close(reader)); // also on failure
        return reader.records().map(record -> clean(warc, record)).filter(Objects::nonNull).iterator();
    }

    /** One record's row, or null if it is not an HTML page or cannot be read. */
    static Row clean(String warc, WarcRecord record) {
        if (!(record instanceof WarcResponse response)) return null;
        String contentType;
        byte[] body;
        try {
            if (!response.contentType().base().toString().equals("application/http")) return null;
            HttpResponse http = response.http();
            if (http.status() < 200 || http.status() > 299) return null;
            contentType = http.headers().first("Content-Type").orElse("");
            String essence = MediaType.parseLeniently(contentType).base().toString().toLowerCase(Locale.ROOT);
            if (!essence.equals("text/html") && !essence.equals("application/xhtml+xml")) return null;
            try (InputStream in = http.bodyDecoded().stream()) {
                body = in.readNBytes(MAX_BODY + 1);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("jsoup-charset: " + warc + ": " + response.target() + ": " + e + "; record skipped");
            return null;
        }
        if (body.length > MAX_BODY) {
            System.err.println("jsoup-charset: " + warc + ": " + response.target() + ": body over " + MAX_BODY + " bytes; record skipped");
            return null;
        }
        // a body the crawler cut off (WARC-Truncated): a sequence cut at its end is no evidence against UTF-8
        ParsedHtml page = PARSER.parseWithDecision(body, contentType, response.target(), WarcAudit.truncation(record) != null);
        // a clone, so that the page as parsed stays whole for whatever else a job does with it; it
        // keeps the page's charset under any class loader, as on an executor
        Document clean = page.document().clone();
        clean.select("script, style").remove();
        clean.charset(clean.charset()); // jsoup writes a <meta charset> naming it, in place of the page's own
        byte[] html = clean.html().getBytes(clean.charset());
        return RowFactory.create(warc, response.target(), page.decision().encoding().name(), clean.charset().name(), html, clean.text());
    }

    private static void close(WarcReader reader) {
        try {
            reader.close();
        } catch (IOException e) {
            System.err.println("jsoup-charset: cannot close a WARC file: " + e);
        }
    }
}
