package io.github.jsoupcharset.bench;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.BrowserCharsetParser;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DeclarationCheck;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What checking a declaration against the bytes ({@code SniffOptions.Declarations}) costs on pages
 * whose declaration is right: the check alone ({@code DeclarationCheck.check}, which both modes run
 * for the "misdeclared" report), the decision in each mode, and jsoup's parse of the same page. The
 * budget: the check at most 0.05× jsoup's parse. UTF-8 pages are the worst case (the whole body is
 * scanned); on a legacy page the scan usually stops at its first non-ASCII byte.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DeclarationCheckBenchmark {
    private static final BrowserCharsetParser CHECKED =
            BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));

    @Param({"UTF-8", "windows-1252", "windows-1251", "Shift_JIS"})
    public String encoding;

    @Param({"HEADER", "META"})
    public Corpus.Declaration declaration;

    @Param({"2KB", "16KB", "1MB"})
    public String size;

    private byte[] page;
    private String contentType;
    private String jdkCharset;
    private Encoding declared;
    private byte[] asciiPage;

    @Setup
    public void setUp() {
        Corpus.Page p = Corpus.Page.of(encoding, declaration, size);
        page = p.bytes();
        contentType = p.contentType();
        jdkCharset = p.jdkCharset();
        declared = Encoding.forLabel(encoding).orElseThrow();
        if (CHECKED.sniff(page, contentType).misdeclared()) throw new IllegalStateException("misdeclared: " + encoding);
        // the same page with every non-ASCII byte an 'a': the longest scan on a page declared right
        asciiPage = page.clone();
        for (int i = 0; i < asciiPage.length; i++) if (asciiPage[i] < 0) asciiPage[i] = 'a';
    }

    @Benchmark
    public Optional<EncodingDecision.Misdeclaration> check() {
        return DeclarationCheck.check(page, 0, page.length, declared, DecisionSource.HTTP_HEADER, true);
    }

    /** The check on the page made pure ASCII (scanned to its end whatever the declaration). */
    @Benchmark
    public Optional<EncodingDecision.Misdeclaration> checkAscii() {
        return DeclarationCheck.check(asciiPage, 0, asciiPage.length, declared, DecisionSource.HTTP_HEADER, true);
    }

    @Benchmark
    public EncodingDecision sniffBrowser() {
        return BrowserCharsetJsoup.sniff(page, contentType);
    }

    @Benchmark
    public EncodingDecision sniffChecked() {
        return CHECKED.sniff(page, contentType);
    }

    @Benchmark
    public Document jsoupParse() throws IOException {
        return Jsoup.parse(new ByteArrayInputStream(page), jdkCharset, EndToEndBenchmark.BASE);
    }
}
