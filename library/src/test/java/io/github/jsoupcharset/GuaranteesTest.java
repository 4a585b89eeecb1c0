package io.github.jsoupcharset;

import io.github.jsoupcharset.compare.ComparisonKey;
import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.IgnoredLabel;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.encoding.Encoding;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import javax.net.ssl.SSLSession;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The Guarantees (README, docs/guarantees.md), one test (or more) each; guarantee 2 is {@code AsciiInvariantTest},
 * guarantee 4's scaling is the {@code benchmarks/} module, guarantee 5 is {@link ConcurrencyTest}.
 */
class GuaranteesTest {
    private static final BrowserCharsetParser[] PARSERS = {
        new BrowserCharsetParser(SniffOptions.DEFAULTS),
        BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDetection(SniffOptions.Detection.BROWSER_PARITY)),
        BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withMetaScan(SniffOptions.MetaScan.SPEC_PRESCAN_1024)),
        BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withTextNormalization(SniffOptions.TextNormalization.NFC)),
        BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED)),
    };

    static List<String> hostileContentTypes() {
        List<String> types = new ArrayList<>(List.of("", " ", ";", ",", "\"", "text/html;", "garbage", "/", "text/",
                "text/html; charset", "text/html; charset=", "text/html; charset=\"", "text/html; charset=\"\\",
                "text/html; charset=\"utf-8", "text/html; charset=utf-8\u0000", "\u0000\u0000\u0000", "text/html\u0000; charset=koi8-r",
                "text/html; charset=ütf-8", "text/html; charset=\uD800", "text/html; charset=\uFFFF", "text/html; charset=😀",
                "текст/html; charset=koi8-r", "text/html, text/plain; charset=x, */*", "text/html; charset=utf-7",
                "text/html; charset=iso-2022-kr", "text/html; charset=x-user-defined", "text/html; charset=utf-16"));
        types.add("a".repeat(1 << 20));
        types.add("text/html; charset=" + "a".repeat(1 << 20));
        types.add("text/html" + "; charset=x".repeat(100_000));
        types.add("text/html; charset=\"" + "\\\"".repeat(300_000) + "\"");
        types.add(",".repeat(1 << 20));
        StringBuilder hundred = new StringBuilder("text/html");
        for (int i = 0; i < 100; i++) hundred.append("; charset=").append(i % 2 == 0 ? "koi8-r" : "utf-8");
        types.add(hundred.toString());
        return types;
    }

    static List<byte[]> hostileBodies() {
        Random random = new Random(1);
        byte[] noise = new byte[3000];
        random.nextBytes(noise);
        return List.of(new byte[0], ascii("<meta charset=utf-8><p>caf\u00c3\u00a9"), noise, ascii("<".repeat(5000)),
                ascii("<meta ".repeat(1000)), ascii("<!--".repeat(1000)), ascii("<meta charset=".repeat(500)),
                new byte[] {(byte) 0xFE, (byte) 0xFF, 0}, new byte[] {(byte) 0xEF, (byte) 0xBB}, new byte[] {(byte) 0x81});
    }

    // 1. No input makes any public method throw, except documented argument errors.

    @Test
    void noPublicMethodThrowsForAnyContentTypeHeader() {
        List<byte[]> bodies = hostileBodies();
        for (String contentType : hostileContentTypes()) {
            // the megabyte-long values with a few bodies, to keep the build quick
            boolean huge = contentType.length() > 10_000;
            List<byte[]> some = huge ? bodies.subList(0, 3) : bodies;
            for (int i = 0; i < some.size(); i++) {
                // the options take turns: each changes which scans run
                everyMethod(PARSERS[i % PARSERS.length], some.get(i), contentType, "http://example.com/");
            }
        }
    }

    @Test
    void noPublicMethodThrowsForAnyBaseUri() {
        List<String> baseUris = List.of("", " ", "not a uri", "http://[::1", "http://", "%zz", "\u0000", "javascript:alert(1)",
                "http://例え.jp/パス?q=ü#frag", "\uD800", "//host/path", "file:///etc/passwd", "x".repeat(1 << 20));
        for (String baseUri : baseUris) {
            byte[] body = ascii("<base href='../a'><a href='b'>x</a><img src='/c'>");
            everyMethod(PARSERS[0], body, "text/html", baseUri);
            Document doc = BrowserCharsetJsoup.parse(body, null, baseUri);
            doc.select("a").attr("abs:href"); // resolving against it does not throw either
        }
    }

    @Test
    void noPublicMethodThrowsForAnyBytes() {
        Random random = new Random(11);
        String[] types = {null, "text/html", "text/html; charset=shift_jis", "text/html; charset=utf-16be", "text/html; charset=gb18030"};
        for (int round = 0; round < 150; round++) {
            byte[] body = randomHostileBody(random);
            everyMethod(PARSERS[round % PARSERS.length], body, types[round % types.length], "");
        }
    }

    @Test
    void labelsOfAnyShapeGiveAnAnswer() {
        for (String label : List.of("", "\u0000", "utf-8\u0000", "UTF-8 ", "\u0130so-8859-1", "ſhift_jis", "a".repeat(1 << 20), "\uD800")) {
            Encoding.forLabel(label); // İ and ſ are not ASCII, so these are not labels
        }
        assertThat(Encoding.forLabel("\u0130so-8859-1"), equalTo(Optional.empty()));
        assertThat(Encoding.forLabel("\u017Fhift_jis"), equalTo(Optional.empty()));
    }

    @Test
    void nullArgumentsAreRejectedNamingTheArgument() throws IOException {
        byte[] body = ascii("<p>x");
        BrowserCharsetParser p = PARSERS[0];
        Map<String, List<Executable>> byArgument = Map.of(
                "body", List.of(() -> BrowserCharsetJsoup.sniff(null, "text/html"), () -> BrowserCharsetJsoup.decode((byte[]) null, null),
                        () -> BrowserCharsetJsoup.parse((byte[]) null, null, ""),
                        () -> BrowserCharsetJsoup.parseWithDecision((byte[]) null, null, ""),
                        () -> p.parse((byte[]) null, null, "", Parser.htmlParser()), () -> p.sniff(null, (String) null)),
                "in", List.of(() -> BrowserCharsetJsoup.decode((java.io.InputStream) null, null),
                        () -> BrowserCharsetJsoup.parse((java.io.InputStream) null, null, ""),
                        () -> BrowserCharsetJsoup.streamParser((java.io.InputStream) null, null, ""),
                        () -> p.parseWithDecision((java.io.InputStream) null, null, "", Parser.htmlParser())),
                "baseUri", List.of(() -> BrowserCharsetJsoup.parse(body, null, null), () -> p.parseWithDecision(body, null, null),
                        () -> p.parse(body, null, null, Parser.xmlParser())),
                "parser", List.of(() -> BrowserCharsetJsoup.parse(body, null, "", null), () -> p.parseWithDecision(body, null, "", null)),
                "response", List.of(() -> BrowserCharsetJsoup.parse((org.jsoup.Connection.Response) null),
                        () -> BrowserCharsetJsoup.parseWithDecision((HttpResponse<byte[]>) null),
                        () -> p.parse((HttpResponse<byte[]>) null),
                        () -> BrowserCharsetJsoup.streamParser((org.jsoup.Connection.Response) null)),
                "options", List.of(() -> new BrowserCharsetParser(null)),
                "textNormalization", List.of(() -> SniffOptions.DEFAULTS.withTextNormalization(null)),
                "text", List.of(() -> ComparisonKey.of(null)),
                "label", List.of(() -> Encoding.forLabel(null)));
        byArgument.forEach((argument, calls) -> {
            for (Executable call : calls) {
                NullPointerException e = assertThrows(NullPointerException.class, call);
                assertThat(e.getMessage(), containsString(argument));
            }
        });
        // an HttpResponse read with a body handler other than ofByteArray() or ofInputStream() has neither
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BrowserCharsetJsoup.parse(response(null)));
        assertThat(e.getMessage(), containsString("response"));
        // a null Content-Type is no header at all, not an error
        assertThat(BrowserCharsetJsoup.sniff(body, null).source(), equalTo(DecisionSource.DEFAULT));
        assertThat(BrowserCharsetJsoup.parse(response(body)).text(), equalTo("x"));
    }

    // 3. utf-7 and the replacement labels cannot decode attacker text as something else.

    @Test
    void utf7IsNeverHonouredWhereverItIsDeclared() {
        String attack = "+ADw-script+AD4-alert(1)+ADw-/script+AD4-";
        for (String label : List.of("utf-7", "UTF-7", " utf-7 ", "x-utf-7", "unicode-1-1-utf-7", "csUnicode11UTF7", "utf7")) {
            assertThat(Encoding.forLabel(label), equalTo(Optional.empty()));
            List<ParsedHtml> results = List.of(
                    BrowserCharsetJsoup.parseWithDecision(ascii("<p>" + attack), "text/html; charset=" + label, ""),
                    BrowserCharsetJsoup.parseWithDecision(ascii("<meta charset=\"" + label + "\"><p>" + attack), null, ""),
                    BrowserCharsetJsoup.parseWithDecision(ascii("<meta http-equiv=content-type content=\"text/html; charset="
                            + label + "\"><p>" + attack), null, ""),
                    BrowserCharsetJsoup.parseWithDecision(ascii("<?xml version=\"1.0\" encoding=\"" + label + "\"?><p>" + attack), null, ""));
            for (ParsedHtml parsed : results) {
                assertThat(parsed.document().select("script"), empty());
                assertThat(parsed.document().text(), containsString(attack));
                assertThat(parsed.decision().encoding(), equalTo(Encoding.WINDOWS_1252));
                // recorded as ignored (an XML declaration's label with spaces inside the quotes is no label at all)
                if (parsed == results.get(3) && !label.equals(label.trim())) continue;
                assertThat(parsed.decision().ignoredLabels().stream().map(i -> i.label().trim().toLowerCase(java.util.Locale.ROOT)).toList(),
                        hasItem(label.trim().toLowerCase(java.util.Locale.ROOT)));
            }
        }
    }

    @Test
    void replacementLabelsDecodeAnyBodyToOneReplacementCharacter() {
        byte[] attack = ascii("<script>alert(1)</script><p>text");
        assertThat(Encoding.REPLACEMENT.labels(), hasItem("iso-2022-kr"));
        for (String label : Encoding.REPLACEMENT.labels()) {
            for (byte[] body : List.of(attack, ascii("\u001B$)C" + "<script>x</script>"), ascii("~{<script>x</script>~}"))) {
                DecodedHtml viaHeader = BrowserCharsetJsoup.decode(body, "text/html; charset=" + label);
                assertThat(label, viaHeader.text(), equalTo("\uFFFD"));
                assertThat(viaHeader.decision().replacementCount().getAsInt(), equalTo(1));
                ParsedHtml viaMeta = BrowserCharsetJsoup.parseWithDecision(concat(ascii("<meta charset=" + label + ">"), body), null, "");
                assertThat(label, viaMeta.decision().encoding(), equalTo(Encoding.REPLACEMENT));
                assertThat(viaMeta.document().select("script"), empty());
                assertThat(viaMeta.document().text(), equalTo("\uFFFD"));
                assertThat(viaMeta.document().charset(), equalTo(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void detectionNeverAnswersReplacementOrUtf16() {
        Random random = new Random(5);
        for (int round = 0; round < 60; round++) {
            EncodingDecision d = BrowserCharsetJsoup.sniff(randomHostileBody(random), null);
            assertThat(d.toString(), d.encoding(), not(equalTo(Encoding.REPLACEMENT)));
            assertThat(d.toString(), d.encoding().isAsciiCompatible() || d.encoding() == Encoding.ISO_2022_JP, is(true));
        }
    }

    // 4. Bounded: the prescan reads its window, detection a bounded prefix.

    @Test
    void thePrescanReadsNoFurtherThanItsWindow() {
        BrowserCharsetParser spec = PARSERS[2];
        byte[] inside = concat(ascii(" ".repeat(1000)), ascii("<meta charset=koi8-r>"));
        byte[] outside = concat(ascii(" ".repeat(1004)), ascii("<meta charset=koi8-r>"));
        assertThat(spec.sniff(inside, (String) null).encoding(), equalTo(Encoding.KOI8_R));
        assertThat(spec.sniff(outside, (String) null).source(), not(equalTo(DecisionSource.META_PRESCAN)));
    }

    @Test
    void detectionLooksAtABoundedPrefix() {
        // a Cyrillic page, then 1 MB of what would be Shift_JIS, well past the detection window
        byte[] koi8 = concat(ascii("<html><body><p>"), new byte[] {(byte) 0xF0, (byte) 0xD2, (byte) 0xC9, (byte) 0xD7, (byte) 0xC5,
                (byte) 0xD4, ' ', (byte) 0xCD, (byte) 0xC9, (byte) 0xD2, ' '});
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        for (int i = 0; i < 40; i++) page.writeBytes(koi8);
        EncodingDecision alone = BrowserCharsetJsoup.sniff(page.toByteArray(), null);
        page.writeBytes(ascii(" ".repeat(200_000)));
        byte[] sjis = {(byte) 0x82, (byte) 0xB1, (byte) 0x82, (byte) 0xF1, (byte) 0x82, (byte) 0xC9, (byte) 0x82, (byte) 0xBF, (byte) 0x82, (byte) 0xCD};
        for (int i = 0; i < 100_000; i++) page.writeBytes(sjis);
        EncodingDecision withTail = BrowserCharsetJsoup.sniff(page.toByteArray(), null);
        assertThat(alone.encoding(), equalTo(Encoding.KOI8_R));
        assertThat(withTail.encoding(), equalTo(alone.encoding()));
        assertThat(withTail.detectorConfidence(), equalTo(alone.detectorConfidence()));
    }

    @Test
    void tenMegabytesOfPathologicalInputFitInA96MegabyteHeap() throws Exception {
        assertThat(fork("-Xmx96m", SmallHeapCheck.class), endsWith("ok\n"));
    }

    @Test
    void aFloodOfUnknownLabelsIsSniffedAndDecodedInTheBodyAndItsText() throws Exception {
        // 100 MiB of body and its text as chars (200 MiB) in a 320 MB heap, as at 1 and 10 MiB: the
        // decision keeps 8 labels and counts 6,553,600 (it held every one: 1 GB for the sniff alone)
        assertThat(fork("-Xmx320m", LabelFloodCheck.class, "sniff", "1", "10", "100"), endsWith("ok\n"));
    }

    @Test
    void aFloodOfUnknownLabelsParsesInTheHeapJsoupAloneNeeds() throws Exception {
        // Jsoup.parse of the text of 100 MiB of <meta charset=q> (6.5 million elements) alone needs
        // 960-1024 MB; parsing the bytes needs the same, so 1024 MB and an eighth to spare
        assertThat(fork("-Xmx1152m", LabelFloodCheck.class, "parse", "1", "10", "100"), endsWith("ok\n"));
    }

    @Test
    void everyLabelADecisionHoldsIsBounded() {
        int max = EncodingDecision.MAX_LABEL_LENGTH;
        String huge = "x".repeat(10 << 20);
        String padding = " \t\n".repeat(1 << 20);
        List<EncodingDecision> decisions = List.of(
                BrowserCharsetJsoup.sniff(ascii("<p>x"), "text/html; charset=" + huge),
                BrowserCharsetJsoup.sniff(ascii("<p>x"), "text/html; charset=\"" + " \t".repeat(1 << 20) + "utf-7 \""),
                BrowserCharsetJsoup.decode(ascii("<meta charset=\"" + padding + "koi8-r" + padding + "\">"), null).decision(),
                BrowserCharsetJsoup.parseWithDecision(ascii("<meta charset=\"" + huge + "\">"), null, "").decision(),
                BrowserCharsetJsoup.sniff(ascii("<meta http-equiv=content-type content='charset=\"" + huge + "\"'>"), null),
                BrowserCharsetJsoup.sniff(ascii("<?xml version='1.0' encoding='" + huge + "'?>"), null),
                BrowserCharsetJsoup.sniff(ascii("<meta charset=" + huge + ">".repeat(100)), "text/html; charset=" + huge));
        for (EncodingDecision d : decisions) {
            List<String> labels = new ArrayList<>();
            d.headerLabel().ifPresent(labels::add);
            d.metaLabel().ifPresent(labels::add);
            d.ignoredLabels().forEach(i -> labels.add(i.label()));
            assertThat(labels, not(empty()));
            for (String label : labels) {
                assertThat(label.length() <= max, is(true));
                if (label.startsWith("x")) assertThat(label, equalTo("x".repeat(max - 1) + "\u2026"));
            }
            assertThat(d.toString().length() < 1000, is(true));
        }
        // a valid label padded with whitespace is kept as "get an encoding" read it
        assertThat(decisions.get(2).encoding(), equalTo(Encoding.KOI8_R));
        assertThat(decisions.get(2).metaLabel(), equalTo(Optional.of("koi8-r")));
        assertThat(decisions.get(1).ignoredLabels(), equalTo(List.of(new IgnoredLabel("utf-7", DecisionSource.HTTP_HEADER))));
    }

    private static String fork(String heap, Class<?> main, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(output, p.waitFor(), equalTo(0));
        return output;
    }

    // 6. Nothing is lost silently.

    @Test
    void everyReplacementCharacterTheDecodingProducesIsCounted() {
        Random random = new Random(6);
        for (Encoding e : Encoding.all()) {
            for (int round = 0; round < 40; round++) {
                byte[] body = randomHostileBody(random);
                if (e == Encoding.UTF_8) body = withoutByte(body, (byte) 0xEF); // no validly encoded U+FFFD
                DecodedHtml d = BrowserCharsetJsoup.decode(body, "text/html; charset=" + e.name());
                long inText = d.text().chars().filter(c -> c == 0xFFFD).count();
                int counted = d.decision().replacementCount().getAsInt();
                if (e == Encoding.UTF_16BE || e == Encoding.UTF_16LE || e == Encoding.GB18030 || e == Encoding.GBK) {
                    assertThat(e + " " + inText + " >= " + counted, inText >= counted, is(true));
                } else {
                    assertThat(e.name(), (int) inText, equalTo(counted));
                }
            }
        }
        // the parse result carries the same count
        byte[] bad = {'<', 'p', '>', (byte) 0xE2, (byte) 0x82, 'x', (byte) 0xFF};
        assertThat(BrowserCharsetJsoup.parseWithDecision(bad, "text/html; charset=utf-8", "").decision().replacementCount().getAsInt(), equalTo(2));
    }

    static byte[] randomHostileBody(Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] pieces = {"<", "<meta ", "<!--", "-->", "charset=", "<meta charset=", "\"", "'", ">", "<head>", "</head>",
            "<script>", "<?xml encoding=", "utf-16", "x-user-defined", "shift_jis", "iso-2022-kr", "\u001B$B", "\u001B(B", " "};
        int parts = random.nextInt(60);
        for (int i = 0; i < parts; i++) {
            if (random.nextBoolean()) {
                out.writeBytes(ascii(pieces[random.nextInt(pieces.length)]));
            } else {
                byte[] b = new byte[random.nextInt(12)];
                random.nextBytes(b);
                out.writeBytes(b);
            }
        }
        return out.toByteArray();
    }

    private static void everyMethod(BrowserCharsetParser parser, byte[] body, String contentType, String baseUri) {
        parser.sniff(body, contentType);
        ComparisonKey.of(parser.decode(body, contentType).text());
        parser.parse(body, contentType, baseUri).html();
        parser.parse(body, contentType, baseUri, Parser.xmlParser()).html();
        parser.parseWithDecision(body, contentType, baseUri).decision().toString();
        parser.parseWithDecision(body, contentType, baseUri, Parser.htmlParser());
        if (parser == PARSERS[0] || contentType != null && contentType.length() > 10_000) {
            BrowserCharsetJsoup.sniff(body, contentType);
            BrowserCharsetJsoup.decode(body, contentType);
            BrowserCharsetJsoup.parse(body, contentType, baseUri);
            BrowserCharsetJsoup.parseWithDecision(body, contentType, baseUri, Parser.htmlParser());
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static byte[] withoutByte(byte[] body, byte drop) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte b : body) {
            if (b != drop) out.write(b);
        }
        return out.toByteArray();
    }

    /** A java.net.http response with this body (null: read with a handler that keeps no bytes). */
    private static HttpResponse<byte[]> response(byte[] body) {
        return new HttpResponse<>() {
            @Override public int statusCode() { return 200; }
            @Override public HttpRequest request() { return HttpRequest.newBuilder(uri()).build(); }
            @Override public Optional<HttpResponse<byte[]>> previousResponse() { return Optional.empty(); }
            @Override public HttpHeaders headers() { return HttpHeaders.of(Map.of("Content-Type", List.of("text/html")), (a, b) -> true); }
            @Override public byte[] body() { return body; }
            @Override public Optional<SSLSession> sslSession() { return Optional.empty(); }
            @Override public URI uri() { return URI.create("http://example.com/"); }
            @Override public HttpClient.Version version() { return HttpClient.Version.HTTP_1_1; }
        };
    }
}
