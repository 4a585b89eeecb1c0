package examples;

import io.github.jsoupcharset.BrowserCharsetJsoup;
import io.github.jsoupcharset.ParsedHtml;
import org.jsoup.Jsoup;

import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;

/**
 * Compare our decision with what jsoup does by default ({@code Connection.Response.parse()} passes
 * the header's charset, or null, to {@code Jsoup.parse(InputStream, charset, baseUri)}).
 */
public final class CompareWithJsoupDefault {
    public static void main(String[] args) throws Exception {
        Charset cp1252 = Charset.forName("windows-1252");
        compare("iso-8859-1 header, windows-1252 bytes (the euro sign)", "text/html; charset=iso-8859-1", "iso-8859-1",
                "<title>Prix : 3,50 €</title>".getBytes(cp1252));
        compare("nothing declared, windows-1251 bytes", "text/html", null,
                "<title>Новости дня: погода, цены и расписание автобусов на выходные</title>".getBytes(Charset.forName("windows-1251")));
        compare("gb2312 label, a character only GBK has", "text/html; charset=gb2312", "gb2312",
                "<title>欢迎光临 — 冇问题</title>".getBytes(Charset.forName("GBK")));
        compare("header and meta agree (both get it right)", "text/html; charset=utf-8", "utf-8",
                "<meta charset=utf-8><title>Café</title>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static void compare(String what, String contentType, String headerCharset, byte[] body) throws Exception {
        String jsoupTitle = Jsoup.parse(new ByteArrayInputStream(body), headerCharset, "http://example.com/").title();
        ParsedHtml ours = BrowserCharsetJsoup.parseWithDecision(body, contentType, "http://example.com/");
        System.out.println(what);
        System.out.println("  jsoup default: " + jsoupTitle);
        System.out.println("  browser-like:  " + ours.document().title() + "   <- " + ours.decision());
        System.out.println("  " + (jsoupTitle.equals(ours.document().title()) ? "same" : "DIFFERENT"));
    }
}
