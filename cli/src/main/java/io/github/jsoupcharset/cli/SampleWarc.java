package io.github.jsoupcharset.cli;

import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the sample WARC {@code examples/sample.warc.gz}: pages in a dozen encodings under several
 * top-level domains, served each way a crawl meets them (charset in the header, in a {@code <meta>}
 * only, in a {@code <meta>} after 1024 bytes, header and meta disagreeing, a byte order mark,
 * undeclared, no Content-Type, an XML declaration), plus records an audit must skip. Deterministic:
 * dates and record ids derive from the page, so regenerating gives the same records.
 *
 * <pre>java -cp … io.github.jsoupcharset.cli.SampleWarc OUT.warc.gz [COPIES] [--big-page BYTES]</pre>
 * COPIES (default 1) repeats every record under distinct URLs, to make a large WARC for benchmarks.
 * {@code --big-page} adds one page of that many bytes after the first copy's pages (windows-1251
 * declared in a {@code <meta>}, dense markup: many small elements), for measuring the audit's
 * memory per page. A name not ending in {@code .gz} gives an uncompressed WARC.
 */
public final class SampleWarc {
    private SampleWarc() {}

    private enum Served { HEADER, META, HTTP_EQUIV, LATE_META, CONFLICT, BOM, UNDECLARED, NO_CONTENT_TYPE, XML, TWO_HEADERS }

    /**
     * One page. {@code charset} encodes the bytes (a JDK name); {@code label} is what the header or
     * document says; for CONFLICT, {@code other} is the label on the other side.
     */
    private record Page(String url, String charset, Served served, String label, String other, String title, String text) {}

    private static final String RU = "Новости дня: в Москве ожидается тёплая погода, а на выходных пройдёт фестиваль. "
            + "Жители города обсуждают новые маршруты автобусов и цены на продукты.";
    private static final String FR = "Café crème à 3,50 €, « prix spécial » pour les étudiants — offre valable jusqu’à dimanche. "
            + "Réservez votre table près de la fenêtre, où l’on voit la forêt.";
    private static final String DE = "Größere Gemüseauswahl für Bäckereien in München — Preise ab 2,99 € je Kilogramm. "
            + "Öffnungszeiten: Montag bis Samstag, außer an Feiertagen.";
    private static final String PL = "Zażółć gęślą jaźń. Wiadomości z Łodzi: pogoda się poprawia, a ceny żywności spadają. "
            + "Kierowcy muszą uważać na śliskie drogi.";
    private static final String CZ = "Příliš žluťoučký kůň úpěl ďábelské ódy. Zprávy z Brna: počasí se zlepšuje, "
            + "ceny potravin klesají a řidiči musí být opatrní.";
    private static final String JA = "東京の天気は晴れ、明日は雨の予報です。新しい駅の開業で、通勤が便利になりました。"
            + "週末には花火大会が開かれます。";
    private static final String ZH = "今天的新闻：北京天气晴朗，明天有小雨。新的地铁线路已经开通，市民出行更加方便。"
            + "周末将举行音乐节。";
    private static final String TW = "今天的新聞：臺北天氣晴朗，明天有小雨。新的捷運路線已經開通，市民出行更加方便。"
            + "週末將舉行音樂節。";
    private static final String KO = "오늘의 뉴스: 서울은 맑고 내일은 비가 올 예정입니다. 새로운 지하철 노선이 개통되어 "
            + "시민들의 출퇴근이 편리해졌습니다.";
    private static final String AR = "أخبار اليوم: الطقس في القاهرة مشمس، ومن المتوقع هطول أمطار غدا. "
            + "افتتح خط مترو جديد يسهل تنقل المواطنين.";
    private static final String TH = "ข่าววันนี้ กรุงเทพมหานครอากาศแจ่มใส พรุ่งนี้จะมีฝนตก "
            + "รถไฟฟ้าสายใหม่เปิดให้บริการแล้ว ทำให้การเดินทางสะดวกขึ้น";
    private static final String EN = "Today’s headlines — “naïve” café owners in Zürich raise prices by 5 %. "
            + "Emoji and symbols: ✓ ☕ 🚲.";

    private static final List<Page> PAGES = List.of(
            new Page("https://news.example.com/", "UTF-8", Served.HEADER, "utf-8", null, "Headlines", EN),
            new Page("https://blog.example.com/", "UTF-8", Served.META, "utf-8", null, "Blog", EN),
            new Page("https://shop.example.com/", "UTF-8", Served.UNDECLARED, null, null, "Shop", EN),
            new Page("https://bom.example.org/", "UTF-8", Served.BOM, null, null, "With a BOM", EN),
            new Page("https://bom16.example.org/", "UTF-16LE", Served.BOM, null, null, "UTF-16 with a BOM", EN),
            new Page("https://xhtml.example.org/", "UTF-8", Served.XML, "utf-8", null, "XHTML", EN),
            new Page("https://cafe.example.fr/", "windows-1252", Served.HEADER, "iso-8859-1", null, "Le café", FR),
            new Page("https://menu.example.fr/", "windows-1252", Served.META, "windows-1252", null, "La carte", FR),
            new Page("https://vieux.example.fr/", "windows-1252", Served.UNDECLARED, null, null, "Vieux site", FR),
            new Page("https://baeckerei.example.de/", "windows-1252", Served.HTTP_EQUIV, "iso-8859-1", null, "Bäckerei", DE),
            new Page("https://markt.example.de/", "windows-1252", Served.CONFLICT, "utf-8", "iso-8859-1", "Markt", DE),
            new Page("https://news.example.ru/", "windows-1251", Served.HEADER, "windows-1251", null, "Новости", RU),
            new Page("https://gazeta.example.ru/", "windows-1251", Served.META, "windows-1251", null, "Газета", RU),
            new Page("https://forum.example.ru/", "windows-1251", Served.LATE_META, "windows-1251", null, "Форум", RU),
            new Page("https://old.example.ru/", "KOI8-R", Served.HTTP_EQUIV, "koi8-r", null, "Старый сайт", RU),
            new Page("https://koi.example.ru/", "KOI8-R", Served.CONFLICT, "koi8-r", "windows-1251", "КОИ-8", RU),
            new Page("https://arhiv.example.ru/", "windows-1251", Served.UNDECLARED, null, null, "Архив", RU),
            new Page("https://dva.example.ru/", "windows-1251", Served.TWO_HEADERS, "windows-1251", null, "Два заголовка", RU),
            new Page("https://wiadomosci.example.pl/", "ISO-8859-2", Served.META, "iso-8859-2", null, "Wiadomości", PL),
            new Page("https://lodz.example.pl/", "ISO-8859-2", Served.HEADER, "iso-8859-2", null, "Łódź", PL),
            new Page("https://sklep.example.pl/", "ISO-8859-2", Served.LATE_META, "iso-8859-2", null, "Sklep", PL),
            new Page("https://zpravy.example.cz/", "windows-1250", Served.META, "windows-1250", null, "Zprávy", CZ),
            new Page("https://brno.example.cz/", "windows-1250", Served.CONFLICT, "utf-8", "windows-1250", "Brno", CZ),
            new Page("https://tenki.example.jp/", "windows-31j", Served.HEADER, "Shift_JIS", null, "天気", JA),
            new Page("https://eki.example.jp/", "windows-31j", Served.META, "shift_jis", null, "駅", JA),
            new Page("https://hanabi.example.jp/", "EUC-JP", Served.HTTP_EQUIV, "euc-jp", null, "花火", JA),
            new Page("https://furui.example.jp/", "EUC-JP", Served.NO_CONTENT_TYPE, null, null, "古い", JA),
            new Page("https://xinwen.example.cn/", "GBK", Served.META, "gb2312", null, "新闻", ZH),
            new Page("https://ditie.example.cn/", "GBK", Served.HEADER, "gbk", null, "地铁", ZH),
            new Page("https://yinyue.example.cn/", "GBK", Served.LATE_META, "gb2312", null, "音乐", ZH),
            new Page("https://xinwen.example.tw/", "Big5", Served.HTTP_EQUIV, "big5", null, "新聞", TW),
            new Page("https://jieyun.example.tw/", "Big5", Served.HEADER, "big5", null, "捷運", TW),
            new Page("https://nyuseu.example.kr/", "x-windows-949", Served.META, "euc-kr", null, "뉴스", KO),
            new Page("https://jihacheol.example.kr/", "x-windows-949", Served.HEADER, "ks_c_5601-1987", null, "지하철", KO),
            new Page("https://akhbar.example.eg/", "windows-1256", Served.META, "windows-1256", null, "أخبار", AR),
            new Page("https://metro.example.eg/", "windows-1256", Served.XML, "windows-1256", null, "مترو", AR),
            new Page("https://khao.example.th/", "x-windows-874", Served.HTTP_EQUIV, "tis-620", null, "ข่าว", TH),
            new Page("https://rotfai.example.th/", "x-windows-874", Served.HEADER, "windows-874", null, "รถไฟฟ้า", TH));

    /**
     * Writes the sample (or COPIES copies of it) to the path given; exits with status 2 on wrong
     * arguments.
     *
     * @param args {@code OUT.warc.gz [COPIES] [--big-page BYTES]}
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        List<String> a = new java.util.ArrayList<>(List.of(args));
        int bigPage = 0;
        int flag = a.indexOf("--big-page");
        if (flag >= 0 && flag + 1 < a.size()) {
            bigPage = Integer.parseInt(a.get(flag + 1));
            a.subList(flag, flag + 2).clear();
        }
        if (a.size() < 1 || a.size() > 2 || flag >= 0 && bigPage <= 0) {
            System.err.println("usage: SampleWarc OUT.warc.gz [COPIES] [--big-page BYTES]");
            System.exit(2);
        }
        write(Path.of(a.get(0)), a.size() == 2 ? Integer.parseInt(a.get(1)) : 1, bigPage);
    }

    /**
     * Writes the sample WARC (gzip-compressed if the name ends in .gz), every record {@code copies}
     * times: larger inputs with the same mix of pages, for measuring the audit's rate and memory.
     *
     * @param out the file to write, replaced if it exists
     * @param copies how many times each record is written
     * @throws IOException if the file cannot be written
     */
    public static void write(Path out, int copies) throws IOException {
        write(out, copies, 0);
    }

    /**
     * As {@link #write(Path, int)}, with one more page of {@code bigPage} bytes (none if 0) after
     * the first copy's pages: an HTML page of many small elements, windows-1251 declared in a
     * {@code <meta>}, for measuring what one big page costs the audit.
     *
     * @param out the file to write, replaced if it exists
     * @param copies how many times each record is written
     * @param bigPage the size of the big page's body in bytes, or 0 for none
     * @throws IOException if the file cannot be written
     */
    public static void write(Path out, int copies, int bigPage) throws IOException {
        try (FileChannel channel = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
             WarcWriter writer = new WarcWriter(channel,
                     out.toString().endsWith(".gz") ? WarcCompression.GZIP : WarcCompression.NONE)) {
            Instant start = Instant.parse("2024-05-01T12:00:00Z");
            writer.write(new Warcinfo.Builder().date(start).recordId(uuid("warcinfo"))
                    .filename(out.getFileName().toString())
                    .fields(fields())
                    .build());
            long n = 0;
            for (int copy = 0; copy < copies; copy++) {
                String suffix = copy == 0 ? "" : "?copy=" + copy;
                for (Page p : PAGES) {
                    String url = p.url() + suffix;
                    Instant date = start.plusSeconds(++n);
                    if (n == 1) {
                        byte[] request = ("GET / HTTP/1.1\r\nHost: " + p.url().replaceAll("https://|/", "")
                                + "\r\nUser-Agent: sample\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
                        writer.write(new WarcRequest.Builder(url).date(date).recordId(uuid("request " + url))
                                .body(MediaType.HTTP_REQUEST, request).build());
                    }
                    writer.write(response(url, date, httpResponse(p)));
                }
                if (copy == 0 && bigPage > 0) {
                    writer.write(response("https://big.example.ru/", start.plusSeconds(++n),
                            http("200 OK", List.of("Content-Type: text/html"), bigPage(bigPage))));
                }
                // records the audit must skip: not HTML, and not 2xx
                writer.write(response("https://news.example.com/style.css" + suffix, start.plusSeconds(++n),
                        http("200 OK", List.of("Content-Type: text/css"), "body { color: #333 }".getBytes(StandardCharsets.US_ASCII))));
                writer.write(response("https://news.example.com/missing" + suffix, start.plusSeconds(++n),
                        http("404 Not Found", List.of("Content-Type: text/html"), "<title>Not found</title>".getBytes(StandardCharsets.US_ASCII))));
            }
        }
    }

    private static Map<String, List<String>> fields() {
        Map<String, List<String>> fields = new LinkedHashMap<>(); // ordered: the file must regenerate identically
        fields.put("software", List.of("jsoup-charset SampleWarc"));
        fields.put("description", List.of("pages in a dozen encodings, served the ways crawls meet them"));
        return fields;
    }

    private static WarcResponse response(String url, Instant date, byte[] http) {
        return new WarcResponse.Builder(url).date(date).recordId(uuid("response " + url))
                .body(MediaType.HTTP_RESPONSE, http).build();
    }

    private static UUID uuid(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] httpResponse(Page p) {
        Charset cs = Charset.forName(p.charset());
        String headerLabel = switch (p.served()) {
            case HEADER, TWO_HEADERS -> p.label();
            case CONFLICT -> p.label();
            default -> null;
        };
        String declaration = switch (p.served()) {
            case META -> "<meta charset=\"" + p.label() + "\">";
            case HTTP_EQUIV -> "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=" + p.label() + "\">";
            case LATE_META -> lateMetaPadding() + "<meta charset=\"" + p.label() + "\">";
            case CONFLICT -> "<meta charset=\"" + p.other() + "\">";
            default -> "";
        };
        String html = "<!DOCTYPE html>\n<html><head>" + declaration + "\n<title>" + p.title() + "</title></head>\n<body>\n<h1>"
                + p.title() + "</h1>\n<p class=\"lead\">" + p.text() + "</p>\n<p>" + p.text() + "</p>\n</body></html>\n";
        if (p.served() == Served.XML) {
            html = "<?xml version=\"1.0\" encoding=\"" + p.label() + "\"?>\n" + html.replace("<!DOCTYPE html>\n<html>",
                    "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">");
        }
        byte[] body = html.getBytes(cs);
        if (p.served() == Served.BOM) {
            byte[] bom = cs.name().equals("UTF-16LE") ? new byte[] {(byte) 0xFF, (byte) 0xFE}
                    : new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
            byte[] withBom = new byte[bom.length + body.length];
            System.arraycopy(bom, 0, withBom, 0, bom.length);
            System.arraycopy(body, 0, withBom, bom.length, body.length);
            body = withBom;
        }
        List<String> headers = switch (p.served()) {
            case NO_CONTENT_TYPE -> List.of();
            case XML -> List.of("Content-Type: application/xhtml+xml");
            // Fetch: the second header has the same essence and no charset, so the first one's charset stays
            case TWO_HEADERS -> List.of("Content-Type: text/html; charset=" + headerLabel, "Content-Type: text/html");
            default -> List.of("Content-Type: text/html" + (headerLabel == null ? "" : "; charset=" + headerLabel));
        };
        return http("200 OK", headers, body);
    }

    /** A windows-1251 page of exactly {@code size} bytes: a news list, one small element after another. */
    static byte[] bigPage(int size) {
        byte[] page = new byte[size];
        byte[] head = "<!DOCTYPE html>\n<html><head><meta charset=\"windows-1251\">\n<title>Все новости</title></head>\n<body>\n"
                .getBytes(Charset.forName("windows-1251"));
        int at = Math.min(head.length, size);
        System.arraycopy(head, 0, page, 0, at);
        for (int i = 0; at < size; i++) {
            byte[] item = ("<div class=\"item\"><a href=\"/news/" + i + "\">" + RU.substring(0, 46) + "</a> <span>"
                    + RU.substring(81, 117) + "</span></div>\n").getBytes(Charset.forName("windows-1251"));
            int n = Math.min(item.length, size - at);
            System.arraycopy(item, 0, page, at, n);
            at += n;
        }
        return page;
    }

    /** Over 1024 bytes of head before the charset: what many CMS templates put first. */
    private static String lateMetaPadding() {
        StringBuilder b = new StringBuilder("\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        for (int i = 1; i <= 12; i++) {
            b.append("<link rel=\"stylesheet\" href=\"/static/css/theme-component-").append(i).append(".min.css?v=20240501\">\n");
        }
        return b.toString();
    }

    private static byte[] http(String status, List<String> headers, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append("\r\n");
        for (String h : headers) head.append(h).append("\r\n");
        head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
        out.writeBytes(head.toString().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body);
        return out.toByteArray();
    }
}
