package io.github.jsoupcharset;

import org.jsoup.Connection;

/**
 * What the jsoup on the class path offers, looked up once: applications get the jsoup their other
 * dependencies bring (Apache Tika 3.3 brings 1.22.2, and Maven picks it over ours). The library is
 * built against jsoup 1.24.1 and runs with {@value #OLDEST} or later; below that, its first use
 * fails with an error that names the version needed.
 */
final class JsoupSupport {
    /**
     * The oldest jsoup the library runs with: {@code org.jsoup.parser.StreamParser} came in 1.18.1,
     * and jsoup 1.18.1 refuses a {@code Reader} without {@code mark()}, as the library's decoders are.
     */
    static final String OLDEST = "1.18.2";

    /**
     * Whether jsoup has {@code Connection.Response.isTruncated()} (1.24.1 and later). Without it, a
     * body jsoup cut off at its {@code maxBodySize} cannot be told from a whole one.
     */
    private static final boolean HAS_IS_TRUNCATED = hasMethod(Connection.Response.class, "isTruncated");

    static {
        if (!hasClass("org.jsoup.parser.StreamParser") || olderThan(jsoupVersion(), OLDEST)) {
            // an Error leaves the class initializer as it is, so the caller reads this message
            throw new LinkageError("jsoup-charset needs jsoup " + OLDEST + " or later on the class path; found "
                    + foundVersion() + " (declare org.jsoup:jsoup:" + OLDEST + " or later in your build)");
        }
    }

    private JsoupSupport() {}

    /** Checks, on the library's first use, that the class path's jsoup is one it runs with. */
    static void requireSupported() {
        // the class's initializer did the check
    }

    /**
     * Whether jsoup cut the response's body off at its {@code maxBodySize}: jsoup's {@code
     * isTruncated()}, or false with a jsoup that cannot say (before 1.24.1).
     */
    static boolean isTruncated(Connection.Response response) {
        // the call is linked only when it is made, so an older jsoup never sees it
        return HAS_IS_TRUNCATED && response.isTruncated();
    }

    /** Whether {@link #isTruncated(Connection.Response)} asks jsoup (jsoup 1.24.1 and later). */
    static boolean knowsTruncation() {
        return HAS_IS_TRUNCATED;
    }

    private static boolean hasMethod(Class<?> type, String name) {
        try {
            type.getMethod(name);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static boolean hasClass(String name) {
        try {
            Class.forName(name, false, JsoupSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The jsoup jar's {@code Implementation-Version}, or null (a jar repackaged without it). */
    private static String jsoupVersion() {
        Package jsoup = org.jsoup.Jsoup.class.getPackage();
        return jsoup == null ? null : jsoup.getImplementationVersion();
    }

    private static String foundVersion() {
        String version = jsoupVersion();
        return version == null ? "an older jsoup" : "jsoup " + version;
    }

    /**
     * Whether a dotted version ({@code 1.18.1}) is older than another; false when it is unknown or
     * not numbers (the class check then decides).
     */
    static boolean olderThan(String version, String oldest) {
        if (version == null) return false;
        String[] have = version.split("[.-]");
        String[] need = oldest.split("\\.");
        for (int i = 0; i < need.length; i++) {
            int h;
            try {
                h = i < have.length ? Integer.parseInt(have[i]) : 0;
            } catch (NumberFormatException e) {
                return false;
            }
            int n = Integer.parseInt(need[i]);
            if (h != n) return h < n;
        }
        return false;
    }
}
