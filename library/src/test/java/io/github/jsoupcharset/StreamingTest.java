package io.github.jsoupcharset;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.decision.EncodingDecision;
import io.github.jsoupcharset.decision.SniffOptions;
import io.github.jsoupcharset.decision.EncodingDecision.Lookahead;
import io.github.jsoupcharset.encoding.Encoding;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.sameInstance;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The stream entry points: what the look-ahead holds and says, what later bytes contradict, and
 * streams that misbehave. (That they decide and decode as the byte[] entry points on the corpus is
 * {@code browser.StreamingEquivalenceTest}.)
 */
class StreamingTest {
    private static final byte[] WIN1252_E_ACUTE = {(byte) 0xE9};

    private static byte[] bytes(Object... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object p : parts) {
            if (p instanceof String s) out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
            else out.writeBytes((byte[]) p);
        }
        return out.toByteArray();
    }

    private static String readAll(DecodedHtmlReader reader) throws IOException {
        StringBuilder text = new StringBuilder();
        char[] buf = new char[1000];
        for (int n; (n = reader.read(buf, 0, buf.length)) >= 0; ) text.append(buf, 0, n);
        return text.toString();
    }

    @Test
    void aBodyThatEndsWithinTheLookaheadIsDecidedFromAllOfIt() throws IOException {
        byte[] body = bytes("<meta charset=windows-1251><p>", new byte[] {(byte) 0xCF, (byte) 0xF0, (byte) 0xE8});
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(body), null, "");
        assertThat(parsed.document().body().text(), equalTo("\u041f\u0440\u0438"));
        assertThat(parsed.document().charset().name(), equalTo("windows-1251"));
        Lookahead lookahead = parsed.decision().lookahead().orElseThrow();
        assertThat(lookahead, equalTo(new Lookahead(body.length, false, java.util.OptionalLong.empty(), false)));
        assertThat(parsed.decision().toString(), containsString("from the first " + body.length + " bytes"));
        // the byte[] decision is the same but for the lookahead
        assertThat(parsed.decision().withLookahead(lookahead),
                equalTo(BrowserCharsetJsoup.parseWithDecision(body, null, "").decision().withLookahead(lookahead)));
    }

    @Test
    void aDeclaredPageIsDecidedFromItsFirstEightKibibytes() throws IOException {
        // declared in the prescan, by the header, by a BOM: nothing after the head can change the decision
        byte[] page = bytes("<meta charset=utf-8><title>t</title></head><body><p>\u00e9", "x".repeat(2_000_000));
        byte[] undeclared = bytes("<title>t</title></head><body><p>\u00e9", "x".repeat(2_000_000));
        byte[] bom = bytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, undeclared);
        for (ParsedHtml parsed : List.of(
                BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(page), null, ""),
                BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(undeclared), "text/html; charset=utf-8", ""),
                BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(bom), null, ""),
                // a stream that says it holds it all is not read further either
                BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(page), null, ""))) {
            Lookahead lookahead = parsed.decision().lookahead().orElseThrow();
            assertThat(parsed.decision().toString(), lookahead.bytes(), equalTo(8192L));
            assertThat(lookahead.cut(), is(false));
            assertThat(parsed.decision().replacementCount().getAsInt(), equalTo(0));
            assertThat(parsed.document().body().text().length(), equalTo(2_000_001));
        }
    }

    @Test
    void anUndeclaredPageIsReadForADetectionWindowPastItsFirstNonAsciiByte() throws IOException {
        byte[] undeclared = bytes("<title>t</title></head><body><p>\u00e9", "x".repeat(2_000_000));
        byte[] declared = bytes("<meta charset=utf-8><title>t</title></head><body><p>\u00e9", "x".repeat(2_000_000));
        BrowserCharsetParser checked = new BrowserCharsetParser(SniffOptions.DEFAULTS.withDeclarations(SniffOptions.Declarations.CHECKED));
        for (ParsedHtml parsed : List.of(
                BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(undeclared), null, ""),
                // the declaration check, which may override a declaration, reads the window too
                checked.parseWithDecision(ChunkedInputStream.oneRead(declared), null, ""))) {
            Lookahead lookahead = parsed.decision().lookahead().orElseThrow();
            assertThat(lookahead.cut(), is(false));
            assertThat(lookahead.bytes(), lessThanOrEqualTo(128L * 1024));
            assertThat(lookahead.bytes(), greaterThan(64L * 1024 - 1024));
            assertThat(parsed.document().body().text().length(), equalTo(2_000_001));
        }
        // what a stream says it holds is read in one go, up to the bound: a body that fits is judged whole
        byte[] fits = bytes("<title>t</title></head><body><p>\u00e9", "x".repeat(300_000), WIN1252_E_ACUTE);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(fits), null, "");
        assertThat(parsed.decision().encoding(), not(equalTo(Encoding.UTF_8))); // the last byte is no UTF-8
        assertThat(parsed.decision().lookahead().orElseThrow().bytes(), equalTo((long) fits.length));
        assertThat(parsed.decision().lookahead().orElseThrow().contradicted(), is(false));
    }

    @Test
    void invalidUtf8AfterTheLookaheadIsRecordedWithItsOffset() throws IOException {
        // undeclared, valid UTF-8 for 200,000 bytes (the look-ahead sees only that), then a windows-1252 é
        byte[] head = bytes("<p>\u00e9", "a".repeat(200_000 - 5));
        byte[] body = bytes(head, WIN1252_E_ACUTE, " caf", WIN1252_E_ACUTE);
        assertThat(head.length, equalTo(200_000));
        DecodedHtmlReader reader = BrowserCharsetJsoup.decode(ChunkedInputStream.oneRead(body), null);
        EncodingDecision before = reader.decision();
        assertThat(before.encoding(), equalTo(Encoding.UTF_8));
        assertThat(before.source(), equalTo(DecisionSource.UTF8_VALIDITY));
        assertThat(before.lookahead().orElseThrow().contradicted(), is(false));
        assertThat(before.replacementCount().isPresent(), is(false)); // not read yet
        String text = readAll(reader);
        EncodingDecision after = reader.decision();
        assertThat(after.lookahead().orElseThrow().contradictedAt().getAsLong(), equalTo(200_000L));
        assertThat(after.lookahead().orElseThrow().cut(), is(false));
        assertThat(after.replacementCount().getAsInt(), equalTo(2));
        assertThat(text.endsWith("a\uFFFD caf\uFFFD"), is(true));
        assertThat(after.toString(), containsString("contradicted at byte 200000"));
        // the whole body is not UTF-8
        assertThat(BrowserCharsetJsoup.sniff(body, null).encoding(), not(equalTo(Encoding.UTF_8)));
    }

    @Test
    void whatTheStreamSaysIsAvailableIsReadInOneGoUpToTheBound() throws IOException {
        // a ByteArrayInputStream says all of it is available: the decision is then the whole body's
        byte[] body = bytes("<p>\u00e9", "a".repeat(200_000), WIN1252_E_ACUTE);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(body), null, "");
        assertThat(parsed.decision().lookahead().orElseThrow().bytes(), equalTo((long) body.length));
        assertThat(parsed.decision().encoding(), equalTo(BrowserCharsetJsoup.sniff(body, null).encoding()));
        assertThat(parsed.decision().lookahead().orElseThrow().contradicted(), is(false));
        // never more than the bound
        byte[] big = bytes("<p>", "a".repeat(2 * BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT));
        ParsedHtml cut = BrowserCharsetJsoup.parseWithDecision(new ByteArrayInputStream(big), null, "");
        assertThat(cut.decision().lookahead().orElseThrow().bytes(), equalTo((long) BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT));
    }

    @Test
    void aUtf8SequenceCutOffByTheEndOfTheStreamContradictsUtf8() throws IOException {
        byte[] body = bytes("<p>\u00e9", "a".repeat(200_000), new byte[] {(byte) 0xE2, (byte) 0x82});
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(body), null, "");
        assertThat(parsed.decision().lookahead().orElseThrow().contradictedAt().getAsLong(), equalTo((long) body.length - 2));
        assertThat(parsed.decision().replacementCount().getAsInt(), equalTo(1));
    }

    @Test
    void anAsciiLookaheadIsCutShortAndALaterNonAsciiByteContradictsTheDefault() throws IOException {
        int at = BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 100_000;
        byte[] body = bytes("<p>", "a".repeat(at - 3), WIN1252_E_ACUTE);
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.randomChunks(body, 7), null, "");
        EncodingDecision d = parsed.decision();
        assertThat(d.source(), equalTo(DecisionSource.DEFAULT));
        Lookahead lookahead = d.lookahead().orElseThrow();
        assertThat(lookahead.cut(), is(true));
        assertThat(lookahead.bytes(), equalTo((long) BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT));
        assertThat(lookahead.contradictedAt().getAsLong(), equalTo((long) at));
        assertThat(d.toString(), containsString("cut short"));
    }

    @Test
    void aLateMetaPastTheBoundIsNotSeenAndTheCutIsSaid() throws IOException {
        // a head of 600 KB of scripts, then the meta: the byte[] entry points honour it, the stream cannot
        String script = "<script>var x = 1;</script>\n";
        byte[] body = bytes("<html><head>", script.repeat(600_000 / script.length()), "<meta charset=windows-1251>",
                "</head><body><p>", new byte[] {(byte) 0xCF});
        assertThat(BrowserCharsetJsoup.sniff(body, null).encoding(), equalTo(Encoding.WINDOWS_1251));
        ParsedHtml parsed = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(body), null, "");
        assertThat(parsed.decision().lookahead().orElseThrow().cut(), is(true));
        assertThat(parsed.decision().encoding(), not(equalTo(Encoding.WINDOWS_1251)));
        // within the bound it is seen
        byte[] shorter = bytes("<html><head>", script.repeat(300_000 / script.length()), "<meta charset=windows-1251>",
                "</head><body><p>", new byte[] {(byte) 0xCF});
        ParsedHtml seen = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneByte(shorter), null, "");
        assertThat(seen.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
        assertThat(seen.decision().source(), equalTo(DecisionSource.LATE_META));
        assertThat(seen.decision().lookahead().orElseThrow().cut(), is(false));
    }

    @Test
    void aHeadThatNeverEndsIsReadWithinTheBound() throws IOException {
        // 64 MB of head and never a </head>, generated as it is read: the decision comes from the bound
        long size = 64L << 20;
        InputStream endlessHead = new InputStream() {
            private final byte[] unit = "<meta name=a content=b>\n".getBytes(StandardCharsets.US_ASCII);
            private long pos;

            @Override
            public int read() {
                return pos < size ? unit[(int) (pos++ % unit.length)] : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos >= size) return -1;
                int n = (int) Math.min(len, size - pos);
                for (int i = 0; i < n; i++) b[off + i] = unit[(int) (pos++ % unit.length)];
                return n;
            }
        };
        try (DecodedHtmlReader reader = BrowserCharsetJsoup.decode(endlessHead, "text/html")) {
            Lookahead lookahead = reader.decision().lookahead().orElseThrow();
            assertThat(lookahead.cut(), is(true));
            assertThat(lookahead.bytes(), equalTo((long) BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT));
            long chars = 0;
            char[] buf = new char[8192];
            for (int n; (n = reader.read(buf, 0, buf.length)) >= 0; ) chars += n;
            assertThat(chars, equalTo(size));
        }
    }

    @Test
    void aStreamThatThrowsMidwayGivesItsExceptionToTheCaller() {
        IOException broken = new IOException("connection reset");
        byte[] page = bytes("<meta charset=utf-8><p>", "x".repeat(300_000));
        for (int failAt : new int[] {0, 500, 20_000, 200_000}) {
            InputStream in = new InputStream() {
                private int pos;

                @Override
                public int read() throws IOException {
                    if (pos >= failAt) throw broken;
                    return page[pos++];
                }
            };
            IOException e = assertThrows(IOException.class, () -> BrowserCharsetJsoup.parse(in, null, ""));
            assertThat(e, sameInstance(broken));
        }
    }

    @Test
    void aStreamParserThatMeetsABrokenStreamThrows() throws IOException {
        byte[] page = bytes("<meta charset=utf-8>", "<p>\u00e9</p>\n".repeat(50_000));
        InputStream in = new InputStream() {
            private int pos;

            @Override
            public int read() throws IOException {
                if (pos >= 200_000) throw new IOException("connection reset");
                return page[pos++];
            }
        };
        DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(in, null, "");
        // selectNext declares IOException: what the stream threw comes out of it
        IOException e = assertThrows(IOException.class, () -> {
            while (parser.selectNext("p") != null) {
                // read to the break
            }
        });
        assertThat(e.getMessage(), equalTo("connection reset"));
    }

    @Test
    void aStreamOfEmptyReadsEndsWithAClearException() {
        InputStream empty = new InputStream() {
            @Override
            public int read() {
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return 0;
            }
        };
        IOException e = assertThrows(IOException.class, () -> BrowserCharsetJsoup.parse(empty, null, ""));
        assertThat(e.getMessage(), containsString("returned 0 bytes 1000 times in a row"));
        // and after the look-ahead, from the reader
        byte[] first = bytes("<meta charset=utf-8><p>\u00e9", "x".repeat(100_000));
        InputStream thenEmpty = new InputStream() {
            private int pos;

            @Override
            public int read() {
                return pos < first.length ? first[pos++] : 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos == first.length) return 0;
                int n = Math.min(len, first.length - pos);
                System.arraycopy(first, pos, b, off, n);
                pos += n;
                return n;
            }
        };
        IOException later = assertThrows(IOException.class, () -> BrowserCharsetJsoup.parse(thenEmpty, null, ""));
        assertThat(later.getMessage(), containsString("at byte " + first.length));
    }

    @Test
    void theStreamParserSelectsFromADecodedStream() throws IOException {
        byte[] body = bytes("<meta charset=windows-1251><ul>",
                bytes("<li>", new byte[] {(byte) 0xCF, (byte) 0xF0, (byte) 0xE8}, "</li>\n").clone(),
                "<li>x</li></ul>");
        List<String> items = new ArrayList<>();
        try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(ChunkedInputStream.oneByte(body), null,
                "http://example.com/")) {
            assertThat(parser.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
            assertThat(parser.decision().source(), equalTo(DecisionSource.META_PRESCAN));
            Element li;
            while ((li = parser.selectNext("li")) != null) {
                items.add(li.text());
                li.remove();
            }
            Document doc = parser.complete();
            assertThat(doc.charset().name(), equalTo("windows-1251"));
            assertThat(parser.decision().replacementCount().getAsInt(), equalTo(0));
        }
        assertThat(items, equalTo(List.of("\u041f\u0440\u0438", "x")));
    }

    @Test
    void aCustomParserBuildsTheTree() throws IOException {
        byte[] feed = bytes("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><item><title>caf", WIN1252_E_ACUTE,
                "</title></item></rss>");
        Document doc = BrowserCharsetJsoup.parse(new ByteArrayInputStream(feed), null, "", Parser.xmlParser());
        assertThat(doc.selectFirst("item > title").text(), equalTo("caf\u00e9"));
        try (DecidedStreamParser parser = BrowserCharsetJsoup.withOptions(SniffOptions.DEFAULTS)
                .streamParser(new ByteArrayInputStream(feed), null, "", Parser.xmlParser())) {
            assertThat(parser.selectNext("title").text(), equalTo("caf\u00e9"));
            assertThat(parser.decision().source(), equalTo(DecisionSource.XML_DECLARATION));
        }
    }

    @Test
    void nfcNeedsTheWholeTextSoTheStreamingReadersRefuseIt() throws IOException {
        BrowserCharsetParser nfc = BrowserCharsetJsoup.withOptions(
                SniffOptions.DEFAULTS.withTextNormalization(SniffOptions.TextNormalization.NFC));
        byte[] body = bytes("<meta charset=utf-8><p>e\u0301");
        assertThrows(UnsupportedOperationException.class, () -> nfc.decode(new ByteArrayInputStream(body), null));
        assertThrows(UnsupportedOperationException.class, () -> nfc.streamParser(new ByteArrayInputStream(body), null, ""));
        // parse holds the tree, so it normalizes as the byte[] entry points do
        assertThat(nfc.parse(new ByteArrayInputStream(body), null, "").body().text(), equalTo("\u00e9"));
    }

    @Test
    void aFileIsParsedAgainWhenLaterBytesContradictTheDecision(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        // Russian prose (one three-word phrase repeated is a near tie with Greek: т, a common last
        // letter, is Greek's final ς at the same byte)
        byte[] cyrillic = ("\u0412\u0447\u0435\u0440\u0430 \u041c\u0430\u0448\u0430 \u043f\u0440\u0438\u0435\u0445\u0430\u043b\u0430 "
                + "\u0432 \u041c\u043e\u0441\u043a\u0432\u0443 \u0438 \u0441\u0440\u0430\u0437\u0443 \u043f\u043e\u0448\u043b\u0430 "
                + "\u0432 \u0433\u0430\u043b\u0435\u0440\u0435\u044e. \u041e\u043d\u0430 \u0434\u043e\u043b\u0433\u043e "
                + "\u0441\u043c\u043e\u0442\u0440\u0435\u043b\u0430 \u043d\u0430 \u043a\u0430\u0440\u0442\u0438\u043d\u044b. ")
                .repeat(60).getBytes(java.nio.charset.Charset.forName("windows-1251"));
        // valid UTF-8 in the look-ahead, then windows-1251 text; and an ASCII look-ahead, then the same text
        List<byte[]> pages = List.of(
                bytes("<p>\u00e9", "a".repeat(BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 50_000), "<p>", cyrillic),
                bytes("<p>", "a".repeat(BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 50_000), "<p>", cyrillic));
        for (byte[] body : pages) {
            java.nio.file.Path file = java.nio.file.Files.write(dir.resolve("page.html"), body);
            ParsedHtml streamed = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(body), null, "");
            assertThat(streamed.decision().lookahead().orElseThrow().contradicted(), is(true));
            ParsedHtml again = BrowserCharsetJsoup.parseWithDecision(file, null, "");
            ParsedHtml whole = BrowserCharsetJsoup.parseWithDecision(body, null, "");
            Lookahead lookahead = again.decision().lookahead().orElseThrow();
            assertThat(lookahead.decodedAgain(), is(true));
            assertThat(lookahead.contradictedAt(), equalTo(streamed.decision().lookahead().orElseThrow().contradictedAt()));
            // (the first page's detection window is the look-ahead's, where the first non-ASCII byte is)
            if (body == pages.get(1)) assertThat(again.decision().encoding(), equalTo(Encoding.WINDOWS_1251));
            assertThat(again.decision().encoding(), equalTo(whole.decision().encoding()));
            assertThat(again.document().outerHtml(), equalTo(whole.document().outerHtml()));
            assertThat(again.decision().replacementCount(), equalTo(whole.decision().replacementCount()));
            assertThat(again.decision().toString(), containsString("decoded again"));
        }
        // nothing contradicted: read once, as a stream
        java.nio.file.Path plain = java.nio.file.Files.write(dir.resolve("plain.html"), bytes("<p>caf\u00e9"));
        ParsedHtml once = BrowserCharsetJsoup.parseWithDecision(plain, null, "");
        assertThat(once.decision().lookahead().orElseThrow().decodedAgain(), is(false));
        assertThat(once.document().body().text(), equalTo("caf\u00e9"));
    }

    @Test
    void aFileIsDecodedWithItsFinalDecisionFromTheFirstCharacter(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws IOException {
        // Russian prose (one three-word phrase repeated is a near tie with Greek: т, a common last
        // letter, is Greek's final ς at the same byte)
        byte[] cyrillic = ("\u0412\u0447\u0435\u0440\u0430 \u041c\u0430\u0448\u0430 \u043f\u0440\u0438\u0435\u0445\u0430\u043b\u0430 "
                + "\u0432 \u041c\u043e\u0441\u043a\u0432\u0443 \u0438 \u0441\u0440\u0430\u0437\u0443 \u043f\u043e\u0448\u043b\u0430 "
                + "\u0432 \u0433\u0430\u043b\u0435\u0440\u0435\u044e. \u041e\u043d\u0430 \u0434\u043e\u043b\u0433\u043e "
                + "\u0441\u043c\u043e\u0442\u0440\u0435\u043b\u0430 \u043d\u0430 \u043a\u0430\u0440\u0442\u0438\u043d\u044b. ")
                .repeat(60).getBytes(java.nio.charset.Charset.forName("windows-1251"));
        String filler = "a".repeat(BrowserCharsetParser.STREAM_LOOKAHEAD_LIMIT + 50_000);
        List<byte[]> pages = List.of(
                // contradicted after the look-ahead: valid UTF-8, then windows-1251; ASCII, then windows-1251
                bytes("<p>\u00e9", filler, "<p>", cyrillic),
                bytes("<p>", filler, "<p>", cyrillic),
                // not contradicted: UTF-8 to the end; and declared, whatever follows
                bytes("<p>\u00e9", filler, "<p>\u00e9"),
                bytes("<meta charset=windows-1251><p>", filler, "<p>", cyrillic));
        for (byte[] body : pages) {
            java.nio.file.Path file = java.nio.file.Files.write(dir.resolve("page.html"), body);
            DecodedHtml whole = BrowserCharsetJsoup.decode(body, null);
            boolean contradicted = BrowserCharsetJsoup.parseWithDecision(ChunkedInputStream.oneRead(body), null, "")
                    .decision().lookahead().orElseThrow().contradicted();
            try (DecodedHtmlReader reader = BrowserCharsetJsoup.decode(file, null)) {
                EncodingDecision before = reader.decision(); // final before the first read
                assertThat(before.encoding(), equalTo(whole.decision().encoding()));
                assertThat(before.lookahead().orElseThrow().decodedAgain(), is(contradicted));
                assertThat(readAll(reader), equalTo(whole.text()));
                assertThat(reader.decision().replacementCount(), equalTo(whole.decision().replacementCount()));
            }
            try (DecidedStreamParser parser = BrowserCharsetJsoup.streamParser(file, null, "")) {
                assertThat(parser.decision().encoding(), equalTo(whole.decision().encoding()));
                assertThat(parser.document().charset().name(), equalTo(whole.decision().encoding().name()));
                Element last = null;
                for (Element p; (p = parser.selectNext("p")) != null; ) last = p;
                assertThat(last.text(), equalTo(BrowserCharsetJsoup.parse(body, null, "").select("p").last().text()));
            }
        }
    }

    @Test
    void everyDecoderGivesTheSameTextAndErrorsWhenFedInPieces() throws IOException {
        // random bytes, half of them high and with ISO-2022-JP escapes, in every encoding the header can name
        java.util.Random random = new java.util.Random(17);
        byte[] body = new byte[20_000];
        for (int i = 0; i < body.length; i++) {
            int r = random.nextInt(100);
            body[i] = (byte) (r < 45 ? 0x80 + random.nextInt(128) : r < 48 ? 0x1B : r < 52 ? "$B(J@".charAt(r - 48)
                    : 0x20 + random.nextInt(0x5F));
        }
        for (Encoding encoding : Encoding.all()) {
            String contentType = "text/html; charset=" + encoding.name();
            DecodedHtml whole = BrowserCharsetJsoup.decode(body, contentType);
            for (InputStream in : List.of(ChunkedInputStream.oneByte(body), ChunkedInputStream.randomChunks(body, 5))) {
                try (DecodedHtmlReader reader = BrowserCharsetJsoup.decode(in, contentType)) {
                    assertThat(encoding.name(), readAll(reader), equalTo(whole.text()));
                    assertThat(encoding.name(), reader.decision().encoding(), equalTo(whole.decision().encoding()));
                    assertThat(encoding.name(), reader.decision().replacementCount(), equalTo(whole.decision().replacementCount()));
                }
            }
        }
    }
}
