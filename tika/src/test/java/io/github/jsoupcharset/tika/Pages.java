package io.github.jsoupcharset.tika;

import io.github.jsoupcharset.encoding.Encoding;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * HTML pages built in the test from text in a dozen encodings, each in five forms: declared by a
 * {@code <meta>}, declared by the transport's Content-Type only, declared by both with a stale
 * {@code <meta>} contradicting the Content-Type (which browsers follow), declared by a {@code <meta>}
 * after the first 8 KiB of a long head (which Chromium and Firefox still honour), and not declared
 * at all. In every form the browser shows {@link Page#text()}. Knows nothing of Tika, so that the
 * tests of every Tika version share it.
 */
public final class Pages {
    private Pages() {}

    /** How a page tells its encoding. */
    public enum Form {
        /** {@code <meta charset>} near the start, no transport charset. */
        META,
        /** The Content-Type's charset only. */
        HEADER,
        /** The Content-Type's charset (the right one) and a stale {@code <meta>} naming another encoding. */
        CONFLICT,
        /** A {@code <meta charset>} in head after more than 8 KiB of style, no transport charset. */
        LATE_META,
        /** Nothing: the encoding must be detected. */
        UNDECLARED,
        /**
         * A label that browsers read otherwise than the JDK (iso-8859-1 and us-ascii mean
         * windows-1252, a meta's utf-16 means UTF-8, ks_c_5601-1987 means EUC-KR, ...), in the
         * Content-Type or a {@code <meta>}.
         */
        LABEL
    }

    /**
     * One page.
     *
     * @param name what it is, for reports
     * @param encoding the encoding its bytes are in
     * @param form how it tells its encoding
     * @param brief true for a page of English boilerplate with a few words in its language, where
     *     statistics have little to go on; false for a page of two paragraphs in its language
     * @param bytes the page
     * @param contentType the transport's Content-Type, or null
     * @param text a paragraph of the page, as the browser shows it
     */
    public record Page(String name, Encoding encoding, Form form, boolean brief, byte[] bytes, String contentType,
                       String text) {
        /** The row a page is counted in: its form, and whether it is brief. */
        public String group() {
            return brief ? form + " (brief)" : form.name();
        }
    }

    /** An encoding, the label a page declares it with, and a paragraph in a language written in it. */
    private record Sample(Encoding encoding, String label, String staleLabel, String text) {}

    private static final List<Sample> SAMPLES = List.of(
            new Sample(Encoding.WINDOWS_1252, "windows-1252", "utf-8",
                    "Le cœur a ses raisons que la raison ne connaît point ; on le sait en mille choses. "
                    + "Déjà l'été s'achève, et les élèves reviennent à l'école où leurs maîtres les attendent, "
                    + "pleins d'idées très précises sur ce qu'il faudra étudier cette année."),
            new Sample(Encoding.ISO_8859_2, "iso-8859-2", "utf-8",
                    "Polska jest krajem położonym w Europie Środkowej. Stolicą i największym miastem jest "
                    + "Warszawa. Język polski należy do grupy języków zachodniosłowiańskich, a jego pisownia "
                    + "używa liter takich jak ą, ę, ł, ń, ó, ś, ź i ż, które zmieniają wymowę słów."),
            new Sample(Encoding.WINDOWS_1251, "windows-1251", "utf-8",
                    "Москва является столицей Российской Федерации и крупнейшим по численности населения "
                    + "городом страны. Город расположен на реке Москве в центре Восточно-Европейской равнины, "
                    + "между реками Окой и Волгой, и славится своими театрами и музеями."),
            new Sample(Encoding.KOI8_R, "koi8-r", "windows-1251",
                    "Лев Николаевич Толстой написал роман \"Война и мир\" в шестидесятых годах девятнадцатого "
                    + "века. В нём описаны события войн против Наполеона, жизнь дворянских семей и судьбы "
                    + "многих людей, которые ищут смысл жизни и своё место в мире."),
            new Sample(Encoding.ISO_8859_7, "iso-8859-7", "utf-8",
                    "Η Αθήνα είναι η πρωτεύουσα και η μεγαλύτερη πόλη της Ελλάδας. Είναι μία από τις "
                    + "αρχαιότερες πόλεις του κόσμου, με ιστορία που ξεπερνά τα τρεις χιλιάδες χρόνια, και "
                    + "θεωρείται το λίκνο του δυτικού πολιτισμού και της δημοκρατίας."),
            new Sample(Encoding.WINDOWS_1255, "windows-1255", "utf-8",
                    "ירושלים היא בירת מדינת ישראל והעיר הגדולה ביותר בה. העיר שוכנת בהרי יהודה, בין הים "
                    + "התיכון לים המלח, והיא אחת הערים העתיקות בעולם. בעיר העתיקה נמצאים מקומות קדושים "
                    + "ליהודים, לנוצרים ולמוסלמים."),
            new Sample(Encoding.WINDOWS_1256, "windows-1256", "utf-8",
                    "القاهرة هي عاصمة جمهورية مصر العربية وأكبر مدنها، وتقع على ضفاف نهر النيل. تعد المدينة "
                    + "من أكبر المدن في أفريقيا والعالم العربي، وتضم العديد من المساجد والمتاحف والآثار "
                    + "التاريخية التي يزورها الناس من كل مكان."),
            new Sample(Encoding.WINDOWS_874, "windows-874", "utf-8",
                    "กรุงเทพมหานครเป็นเมืองหลวงและนครที่มีประชากรมากที่สุดของประเทศไทย ตั้งอยู่บนฝั่ง"
                    + "แม่น้ำเจ้าพระยา เป็นศูนย์กลางการปกครอง การศึกษา การคมนาคมขนส่ง การเงินการธนาคาร "
                    + "การพาณิชย์ การสื่อสาร และความเจริญของประเทศ"),
            new Sample(Encoding.SHIFT_JIS, "shift_jis", "euc-jp",
                    "東京は日本の首都であり、世界有数の大都市です。江戸時代には江戸と呼ばれ、徳川幕府が置かれました。"
                    + "現在では政治、経済、文化の中心として、多くの人々が暮らし、働いています。"
                    + "春には桜が咲き、多くの観光客が公園を訪れます。"),
            new Sample(Encoding.EUC_JP, "euc-jp", "shift_jis",
                    "京都は長い間日本の都でした。多くの寺院や神社があり、古い町並みが今も残っています。"
                    + "秋になると紅葉が美しく、国内外から観光客が訪れます。"
                    + "伝統的な祭りや工芸も盛んで、日本文化を学ぶのに最適な場所です。"),
            new Sample(Encoding.GBK, "gbk", "big5",
                    "北京是中华人民共和国的首都，也是全国的政治中心和文化中心。这座城市有着三千多年的历史，"
                    + "拥有故宫、天坛、颐和园等众多名胜古迹。每年都有大量的游客来这里参观访问，"
                    + "了解中国的历史和文化。"),
            new Sample(Encoding.BIG5, "big5", "gbk",
                    "臺北是臺灣的政治、經濟與文化中心，也是著名的國際都市。這裡有許多博物館、夜市與美食，"
                    + "吸引了來自世界各地的旅客。臺北的捷運系統方便快速，讓人們可以輕鬆到達城市的每個角落。"),
            new Sample(Encoding.EUC_KR, "euc-kr", "utf-8",
                    "서울은 대한민국의 수도이자 최대 도시이다. 한강을 중심으로 남북으로 나뉘어 있으며, "
                    + "조선 시대부터 나라의 중심지였다. 오늘날 서울은 정치, 경제, 문화의 중심지로서 "
                    + "세계적인 대도시로 발전하였다."),
            new Sample(Encoding.UTF_8, "utf-8", "windows-1252",
                    "Größere Städte wie München, Köln und Düsseldorf ziehen jedes Jahr viele Besucher an. "
                    + "Zürich liegt in der Schweiz, Wien in Österreich; überall hört man Deutsch, aber "
                    + "die Mundarten unterscheiden sich stark voneinander."));

    /** A page declared by a label browsers read otherwise than the JDK. */
    private record Labelled(Encoding encoding, String label, boolean inHeader, String text) {}

    private static final String QUOTES_1252 = "\u201CDon\u2019t stop now,\u201D she said \u2013 the tickets cost \u20AC20\u2026 "
            + "and the caf\u00E9 was full.";

    private static final List<Labelled> LABELLED = List.of(
            new Labelled(Encoding.WINDOWS_1252, "iso-8859-1", true, QUOTES_1252),
            new Labelled(Encoding.WINDOWS_1252, "iso-8859-1", false, QUOTES_1252),
            new Labelled(Encoding.WINDOWS_1252, "us-ascii", true, QUOTES_1252),
            new Labelled(Encoding.WINDOWS_1252, "ascii", false, QUOTES_1252),
            new Labelled(Encoding.WINDOWS_1252, "x-user-defined", false, QUOTES_1252),
            new Labelled(Encoding.WINDOWS_1254, "iso-8859-9", true,
                    "\u201C\u0130stanbul\u2019da ya\u015Fam\u0131n fiyat\u0131 \u20AC1500\u201D dedi\u011Fi g\u00FCn\u2026"),
            new Labelled(Encoding.WINDOWS_874, "tis-620", true,
                    "\u201C\u0E01\u0E23\u0E38\u0E07\u0E40\u0E17\u0E1E\u0E2F\u201D \u2013 \u0E23\u0E32\u0E04\u0E32 \u20AC10"),
            new Labelled(Encoding.WINDOWS_874, "iso-8859-11", false,
                    "\u201C\u0E01\u0E23\u0E38\u0E07\u0E40\u0E17\u0E1E\u0E2F\u201D \u2013 \u0E23\u0E32\u0E04\u0E32 \u20AC10"),
            new Labelled(Encoding.UTF_8, "utf-16", false, "Gr\u00FC\u00DFe aus M\u00FCnchen und K\u00F6ln"),
            new Labelled(Encoding.UTF_8, "utf-16le", false, "\u041F\u0440\u0438\u0432\u0435\u0442 \u043C\u0438\u0440"),
            new Labelled(Encoding.EUC_KR, "ks_c_5601-1987", true, "\uB620\uBC29\uAC01\uD558 \uC11C\uC6B8 \uAC15\uB0A8"));

    /** Every sample's encodings, in the order pages are built. */
    public static List<Encoding> encodings() {
        return SAMPLES.stream().map(Sample::encoding).toList();
    }

    /**
     * Every page: each sample in each form, as two paragraphs and (declared forms only: undeclared,
     * it may be undecidable) as a few words among English boilerplate.
     */
    public static List<Page> all() {
        List<Page> pages = new ArrayList<>();
        for (boolean brief : new boolean[] {false, true}) {
            for (Sample s : SAMPLES) {
                for (Form form : Form.values()) {
                    if (form != Form.LABEL && !(brief && form == Form.UNDECLARED)) pages.add(page(s, form, brief));
                }
            }
        }
        for (Labelled l : LABELLED) pages.add(labelled(l));
        return List.copyOf(pages);
    }

    private static Page labelled(Labelled l) {
        String meta = l.inHeader() ? "" : "<meta charset=\"" + l.label() + "\">\n";
        String html = "<!DOCTYPE html>\n<html><head>\n" + meta + "<title>label</title>\n</head>\n<body>\n" + BOILERPLATE
                + "<p>" + l.text() + "</p>\n</body></html>\n";
        String contentType = l.inHeader() ? "text/html; charset=" + l.label() : null;
        return new Page(l.encoding().name() + " as " + l.label() + (l.inHeader() ? " (header)" : " (meta)"), l.encoding(),
                Form.LABEL, false, encode(html, l.encoding()), contentType, l.text());
    }

    /** The boilerplate of a brief page, around its few words. */
    private static final String BOILERPLATE = "<nav><a href=/>Home</a> | <a href=/news>News</a> | <a href=/about>About us</a>"
            + " | <a href=/contact>Contact</a></nav>\n<p>Welcome to our site. Sign in to read the full story, share it with"
            + " your friends, or subscribe to our newsletter for weekly updates.</p>\n";

    private static Page page(Sample s, Form form, boolean brief) {
        String text = brief ? s.text().substring(0, s.text().offsetByCodePoints(0, 24)) : s.text();
        String title = "<title>" + s.encoding().name() + " " + form + "</title>\n";
        String meta = switch (form) {
            case META -> "<meta charset=\"" + s.label() + "\">\n";
            case CONFLICT -> "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=" + s.staleLabel() + "\">\n";
            default -> "";
        };
        String lateHead = form == Form.LATE_META ? lateHead(s.label()) : "";
        String body = brief ? BOILERPLATE + "<p>" + text + "</p>\n" + BOILERPLATE
                : "<p>" + text + "</p>\n<p>" + text + "</p>\n";
        String html = "<!DOCTYPE html>\n<html><head>\n" + meta + title + lateHead + "</head>\n<body>\n<h1>"
                + s.encoding().name() + "</h1>\n" + body + "</body></html>\n";
        String contentType = switch (form) {
            case HEADER, CONFLICT -> "text/html; charset=" + s.label();
            default -> null;
        };
        return new Page(s.encoding().name() + " " + form + (brief ? " brief" : ""), s.encoding(), form, brief,
                encode(html, s.encoding()), contentType, text);
    }

    /** A style sheet of more than 8 KiB, then the {@code <meta>}: still in head, as on many real pages. */
    private static String lateHead(String label) {
        StringBuilder css = new StringBuilder("<style>\n");
        for (int i = 0; css.length() < 9000; i++) {
            css.append(".c").append(i).append(" { margin: ").append(i % 7).append("px; color: #")
                    .append(Integer.toHexString(0x100000 + i * 977)).append("; }\n");
        }
        return css.append("</style>\n<meta charset=\"").append(label).append("\">\n").toString();
    }

    /** The text in the encoding, by the library's encoder (the Encoding Standard's). */
    static byte[] encode(String text, Encoding encoding) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] bytes = text.getBytes(encoding.charset());
        out.write(bytes, 0, bytes.length);
        return out.toByteArray();
    }

    /** ASCII bytes. */
    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
