package io.github.jsoupcharset.sniff;

import io.github.jsoupcharset.markup.AsciiBytes;

import io.github.jsoupcharset.decision.DecisionSource;
import io.github.jsoupcharset.encoding.Encoding;
import io.github.jsoupcharset.sniff.DocumentDeclaration.Declared;
import org.jsoup.parser.Parser;

import java.util.Optional;
import java.util.List;
import java.util.Set;

/**
 * The {@code <meta>} scan browsers run beyond the prescan, as Chromium's {@code HTMLMetaCharsetParser}
 * (and WebKit's, of the same design) does it: the bytes are read as Latin-1 by a small subset of the
 * HTML tokenizer, so tags inside comments, script, style, title, textarea and the like are not seen;
 * a {@code <meta>} counts while the head section lasts (any tag not allowed in head ends it, text
 * does not), and unconditionally within the first 1024 bytes. Bounded by the body and linear in it.
 * It stands for the HTML Standard's "changing the encoding while parsing"
 * (https://html.spec.whatwg.org/multipage/parsing.html#changing-the-encoding-while-parsing), which
 * the tree builder runs when it meets a {@code <meta>}
 * (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inhead). Internal.
 *
 * <p>Its tokenizer is not the {@link Prescan}'s: it follows the HTML tokenizer's states (comments,
 * raw text, attributes with character references), as Chromium's scan does, where the prescan
 * follows the standard's simpler byte loop (see {@link io.github.jsoupcharset.markup.AsciiBytes}).
 */
public final class HeadMetaScanner {
    /** Chromium's kBytesToCheckUnconditionally: a meta starting before this offset always counts. */
    public static final int BYTES_TO_CHECK_UNCONDITIONALLY = 1024;

    // Tags that keep the head section going (start or end tag); html and head only as start tags.
    private static final Set<String> ALLOWED_IN_HEAD =
            Set.of("script", "noscript", "style", "link", "meta", "object", "title", "base");
    // The tokenizer states Blink's UpdateStateFor switches to (noscript stays in data: the scan
    // runs without scripting, and Chromium honours a meta in <noscript>, measured).
    private static final Set<String> RCDATA = Set.of("title", "textarea");
    private static final Set<String> RAWTEXT = Set.of("style", "xmp", "iframe", "noembed", "noframes");

    private HeadMetaScanner() {}

    /**
     * Scans {@code bytes[off, off+len)} for the first usable {@code <meta>} declaration.
     *
     * @return the declaration (source {@link DecisionSource#LATE_META}, offset relative to
     *     {@code off}) and the labels that failed "get an encoding" before it
     */
    public static DocumentDeclaration scan(byte[] bytes, int off, int len) {
        FailedLabels failed = new FailedLabels();
        Declared found = scan(bytes, off, len, failed).declared();
        return found != null ? DocumentDeclaration.found(found, failed) : DocumentDeclaration.none(failed);
    }

    /**
     * A scan's declaration (null if none: no meta declares an encoding), and whether bytes after
     * the scanned ones could still hold a declaration this scan honours: it found none, and it
     * stopped because the bytes ran out, not because the head section ended (past the first
     * {@link #BYTES_TO_CHECK_UNCONDITIONALLY} bytes) or a {@code <plaintext>} began.
     */
    record Result(Declared declared, boolean wantsMore) {}

    /**
     * As {@link #scan(byte[], int, int)}, recording the labels that fail "get an encoding" in
     * {@code failed} (source {@link DecisionSource#LATE_META}), and saying whether the scan wants
     * more bytes.
     */
    static Result scan(byte[] bytes, int off, int len, FailedLabels failed) {
        Scan scan = new Scan(bytes, off, off + len, failed);
        Declared declared = scan.run();
        // out of bytes: a token still to come counts if the head goes on or it starts early enough
        boolean more = declared == null && !scan.headEnded
                && (scan.inHeadSection || scan.tokenStart - off < BYTES_TO_CHECK_UNCONDITIONALLY);
        return new Result(declared, more);
    }

    /**
     * Where a scan of {@code bytes[off, off+len)} that ran out of bytes while a meta could still
     * come ({@link Result#wantsMore()}) stopped: the start of the token it could not finish (a tag,
     * or an element whose text has no end tag yet), relative to {@code off}, in the head section.
     * {@link #resume} goes on from there with the bytes that follow. -1 if the scan wants no more
     * (it found a declaration, or the head ended) or the head ended within the first 1024 bytes.
     *
     * @param bytes the first bytes of a document (after any BOM)
     * @param off where they start
     * @param len how many there are
     * @return the offset to resume at, or -1
     */
    public static int resumeAt(byte[] bytes, int off, int len) {
        Scan scan = new Scan(bytes, off, off + len, new FailedLabels());
        if (scan.run() != null || scan.headEnded || !scan.inHeadSection) return -1;
        // a token that starts within the first 1024 bytes and runs past the look-ahead starts in
        // the head: every token after it is past those bytes, as resume() takes them
        return scan.tokenStart - off;
    }

    /**
     * A scan resumed at a {@link #resumeAt} offset, over the bytes from there: where a usable meta
     * declaration's tag starts, or else whether the head could still hold one after these bytes
     * and where to resume for it. Offsets relative to the bytes given.
     *
     * @param declaredAt the offset of the {@code <} of the first meta that declares a known
     *     encoding, or -1
     * @param wantsMore whether bytes after these could still hold a declaration (none was found and
     *     the head section goes on)
     * @param resumeAt where to resume with more bytes (the token the bytes ended in)
     * @param ignored the first {@link io.github.jsoupcharset.decision.EncodingDecision#MAX_IGNORED_LABELS}
     *     labels of metas in these bytes (before the declaration, if any) that "get an encoding"
     *     does not know, in document order
     * @param ignoredCount how many such labels there were in all
     */
    public record Resumed(int declaredAt, boolean wantsMore, int resumeAt, List<String> ignored, int ignoredCount) {}

    /**
     * Goes on with a scan that stopped at a {@link #resumeAt} offset, over {@code bytes[off,
     * off+len)}, which start there: the head section, past the first 1024 bytes, between tokens.
     *
     * @param bytes the bytes from the resumption point on
     * @param off where they start
     * @param len how many there are
     * @return where a declaration starts, or whether to go on and from where
     */
    public static Resumed resume(byte[] bytes, int off, int len) {
        FailedLabels failed = new FailedLabels();
        Scan scan = new Scan(bytes, off, off + len, failed);
        scan.resumed = true;
        Declared declared = scan.run();
        List<String> ignored = failed.kept().stream().map(DocumentDeclaration.FailedLabel::label).toList();
        if (declared != null) return new Resumed(declared.offset(), false, -1, ignored, failed.count());
        boolean more = !scan.headEnded && scan.inHeadSection;
        return new Resumed(-1, more, scan.tokenStart - off, ignored, failed.count());
    }

    /**
     * A start tag of an element whose text the scan skips to its end tag ({@code <script>}, {@code
     * <style>}, {@code <title>}) at the start of the bytes, for a {@link #resume} stuck on an element
     * longer than the bytes it was given.
     *
     * @param name the element's name, lowercased
     * @param textStart the offset of its text, after the start tag
     */
    public record TextElement(String name, int textStart) {}

    /**
     * The text element whose start tag begins at {@code bytes[off]} and ends within {@code len}
     * bytes, or null.
     *
     * @param bytes the bytes
     * @param off where the tag starts
     * @param len how many bytes there are
     * @return the element's name and where its text starts (relative to {@code off}), or null
     */
    public static TextElement textElementAt(byte[] bytes, int off, int len) {
        if (len < 2 || bytes[off] != '<' || !AsciiBytes.isAsciiLetter(bytes[off + 1])) return null;
        Tag tag = new Scan(bytes, off, off + len, new FailedLabels()).readTag(off + 1, false);
        if (tag == null || (tag.kind & TEXT) == 0 || (tag.kind & PLAINTEXT) != 0) return null;
        return new TextElement(tag.name, tag.end - off);
    }

    /**
     * Where the end tag of a text element named {@code name} ({@code </name} followed by
     * whitespace, "/" or "&gt;", in any case) starts in {@code bytes[off, off+len)}, relative to
     * {@code off}, or -1.
     *
     * @param bytes the bytes
     * @param off where to look from
     * @param len how many bytes there are
     * @param name the element's name, lowercased
     * @return the offset of the end tag's {@code <}, or -1
     */
    public static int endTagIn(byte[] bytes, int off, int len, String name) {
        int at = new Scan(bytes, off, off + len, new FailedLabels()).skipText(off, name);
        return at < 0 ? -1 : at - off;
    }

    /** One scan; one instance per call. */
    private static final class Scan {
        private final byte[] b;
        private final int start;
        private final int end;
        private final FailedLabels failed;
        private boolean resumed; // started past the first 1024 bytes, by resume()
        private boolean inHeadSection = true;
        private boolean headEnded; // run() stopped for good, not for want of bytes
        private int tokenStart; // where the token run() last began (the end, after character data)
        private final StringBuilder attrName = new StringBuilder(); // readTag's, reused

        Scan(byte[] b, int start, int end, FailedLabels failed) {
            this.b = b;
            this.start = start;
            this.end = end;
            this.failed = failed;
        }

        /** The declaration found, or null. */
        Declared run() {
            int p = start;
            while (p < end) {
                tokenStart = p;
                // Blink checks after every token; the next token starts where the last one ended.
                if (!inHeadSection && (resumed || p - start >= BYTES_TO_CHECK_UNCONDITIONALLY)) {
                    headEnded = true;
                    break;
                }
                if (b[p] != '<') {
                    // Character data up to the next "<".
                    int lt = AsciiBytes.indexOf(b, p, end, (byte) '<');
                    if (lt < 0) {
                        tokenStart = end;
                        break;
                    }
                    p = lt;
                    continue;
                }
                if (p + 1 >= end) break; // an unfinished token is never emitted
                byte c = b[p + 1];
                if (AsciiBytes.isAsciiLetter(c)) {
                    Tag tag = readTag(p + 1, false);
                    if (tag == null) break;
                    int next = tag.end;
                    if (tag.meta != null) {
                        Declared d = processMeta(tag.meta, p - start);
                        if (d != null) return d;
                    }
                    updateHeadSection(tag.kind, false);
                    // The tokenizer state the start tag switches to (UpdateStateFor).
                    if ((tag.kind & PLAINTEXT) != 0) {
                        headEnded = true;
                        break;
                    }
                    if ((tag.kind & TEXT) != 0) {
                        next = skipText(next, tag.name);
                        if (next < 0) break;
                    }
                    p = next;
                } else if (c == '/') {
                    if (p + 2 >= end) break;
                    byte d = b[p + 2];
                    if (AsciiBytes.isAsciiLetter(d)) {
                        Tag tag = readTag(p + 2, true);
                        if (tag == null) break;
                        updateHeadSection(tag.kind, true);
                        p = tag.end;
                    } else if (d == '>') {
                        p += 3; // "</>" is dropped
                    } else {
                        p = bogusComment(p + 2);
                        if (p < 0) break;
                    }
                } else if (c == '!') {
                    p = markupDeclaration(p + 2);
                    if (p < 0) break;
                } else if (c == '?') {
                    p = bogusComment(p + 1);
                    if (p < 0) break;
                } else {
                    p++; // "<" followed by anything else is text
                }
            }
            tokenStart = Math.max(tokenStart, Math.min(p, end));
            return null;
        }

        /** Chromium's head-section rule for a start or end tag of {@code kind} ({@link #KINDS}). */
        private void updateHeadSection(int kind, boolean endTag) {
            if (!inHeadSection) return; // it never starts again
            if ((kind & IN_HEAD) != 0) return;
            if (!endTag && (kind & HTML_OR_HEAD) != 0) return;
            inHeadSection = false; // including </head>, <body>, <template> and unknown tags
        }

        /**
         * After {@code <title>}, {@code <script>} and the like: the position of the appropriate end
         * tag ({@code </name} followed by whitespace, "/" or ">"), or -1 if there is none. Script
         * data's escaped states are not modelled: the first {@code </script} ends it.
         */
        private int skipText(int from, String name) {
            String endTag = "</" + name;
            int i = AsciiBytes.indexOfIgnoringAsciiCase(b, from, end, endTag);
            while (i >= 0 && i + endTag.length() < end) {
                byte after = b[i + endTag.length()];
                if (isTokenizerWhitespace(after) || after == '/' || after == '>') return i;
                i = AsciiBytes.indexOfIgnoringAsciiCase(b, i + 1, end, endTag);
            }
            return -1;
        }

        /** After {@code <!}: a comment, a DOCTYPE or a bogus comment; the position after it, or -1. */
        private int markupDeclaration(int q) {
            if (AsciiBytes.startsWith(b, q, end, "--")) {
                int body = q + 2;
                // Comment start state: "<!-->" and "<!--->" are complete comments.
                if (body < end && b[body] == '>') return body + 1;
                if (body + 1 < end && b[body] == '-' && b[body + 1] == '>') return body + 2;
                for (int i = body; i + 2 < end; i++) {
                    if (b[i] == '-' && b[i + 1] == '-') {
                        if (b[i + 2] == '>') return i + 3;
                        if (b[i + 2] == '!' && i + 3 < end && b[i + 3] == '>') return i + 4;
                    }
                }
                return -1;
            }
            // DOCTYPE ends at the first ">" (even inside its quoted identifiers); <![CDATA[ outside
            // foreign content, and everything else, is a bogus comment: also to the first ">".
            return bogusComment(q);
        }

        private int bogusComment(int from) {
            return AsciiBytes.after(b, from, end, (byte) '>');
        }

        /**
         * The tag whose name starts at {@code q} (as {@link #tagIndex} tells it), with its attributes
         * as the HTML tokenizer reads them (names lowercased, values with character references
         * decoded, in order) folded into what a meta declaration reads from them, or null when the
         * input ends before its ">". Only a meta start tag's attributes are kept, and of those only
         * the ones a declaration reads: the others are stepped over without making strings of them.
         */
        private Tag readTag(int q, boolean endTag) {
            int i = q;
            // Tag name state.
            while (i < end && !isTokenizerWhitespace(b[i]) && b[i] != '/' && b[i] != '>') i++;
            int known = tagIndex(b, q, i);
            String name = known < 0 ? OTHER_TAG : NAMES_TOLD_APART[known];
            int kind = known < 0 ? 0 : KINDS[known];
            MetaAttributes attributes = !endTag && (kind & META) != 0 ? new MetaAttributes() : null;
            StringBuilder attrName = this.attrName;
            while (true) {
                // Before attribute name state.
                while (i < end && isTokenizerWhitespace(b[i])) i++;
                if (i >= end) return null;
                if (b[i] == '/') {
                    // Self-closing start tag state: "/>" ends the tag, otherwise back to attributes.
                    i++;
                    if (i >= end) return null;
                    if (b[i] == '>') return new Tag(name, kind, attributes, i + 1);
                    continue;
                }
                if (b[i] == '>') return new Tag(name, kind, attributes, i + 1);
                // Attribute name state ("=" may be the first character of a name).
                // (the name is only kept for a meta start tag)
                attrName.setLength(0);
                int nameStart = i;
                i++;
                while (i < end && !isTokenizerWhitespace(b[i]) && b[i] != '/' && b[i] != '>' && b[i] != '=') i++;
                if (attributes != null) {
                    for (int k = nameStart; k < i; k++) attrName.append(AsciiBytes.lowercase(b[k]));
                }
                boolean reads = attributes != null && MetaAttributes.reads(attrName);
                // After attribute name state.
                while (i < end && isTokenizerWhitespace(b[i])) i++;
                if (i >= end) return null;
                if (b[i] != '=') {
                    if (reads) attributes.add(attrName.toString(), "");
                    continue; // "/", ">" or the start of another attribute
                }
                i++;
                // Before attribute value state.
                while (i < end && isTokenizerWhitespace(b[i])) i++;
                if (i >= end) return null;
                byte c = b[i];
                String value;
                if (c == '"' || c == '\'') {
                    int close = AsciiBytes.indexOf(b, i + 1, end, c);
                    if (close < 0) return null;
                    value = reads ? attributeValue(attrName, i + 1, close) : null;
                    i = close + 1;
                    // After attribute value (quoted): anything but whitespace, "/" or ">" starts
                    // the next attribute (a parse error), which the loop handles alike.
                } else if (c == '>') {
                    if (reads) attributes.add(attrName.toString(), "");
                    return new Tag(name, kind, attributes, i + 1);
                } else {
                    int from = i;
                    while (i < end && !isTokenizerWhitespace(b[i]) && b[i] != '>') i++;
                    if (i >= end) return null;
                    value = reads ? attributeValue(attrName, from, i) : null;
                }
                if (reads) attributes.add(attrName.toString(), decodeCharacterReferences(value));
            }
        }

        /**
         * The value {@code b[from, to)} of a meta attribute that {@link MetaAttributes#reads}: as
         * Latin-1, except that a {@code content} value that cannot name a charset (no "charset" in
         * any case, and no character reference that could spell one) is read as "", which
         * {@link MetaAttributes#add} takes alike (no label in it), without making a String of it
         * (a description's content is often the longest value in a head).
         */
        private String attributeValue(CharSequence name, int from, int to) {
            if ("content".contentEquals(name) && AsciiBytes.indexOf(b, from, to, (byte) '&') < 0
                    && AsciiBytes.indexOfIgnoringAsciiCase(b, from, to, "charset") < 0) {
                return "";
            }
            return AsciiBytes.latin1(b, from, to);
        }

        /**
         * The end of Blink's EncodingFromMetaAttributes, once {@link MetaAttributes} has read every
         * attribute: the declared encoding, or null (an unknown label is recorded as failed).
         */
        private Declared processMeta(MetaAttributes m, int offset) {
            boolean modeCharset = m.modeCharset;
            boolean modePragma = m.modePragma;
            boolean gotPragma = m.gotPragma;
            String charset = m.charset;
            if (!(modeCharset || modePragma && gotPragma)) return null;
            Optional<Encoding> e = Encoding.forLabel(charset);
            if (e.isEmpty()) {
                // "In case the encoding didn't exist, we keep the old one": go on scanning.
                failed.add(charset, DecisionSource.LATE_META, offset);
                return null;
            }
            Encoding label = e.get();
            // ClosestByteBasedEquivalent, and x-user-defined from a meta is windows-1252.
            Encoding result = MetaContent.declaredByMeta(label);
            return new Declared(result, label, charset, DecisionSource.LATE_META, offset);
        }
    }

    /**
     * Blink's EncodingFromMetaAttributes as a fold over a tag's attributes, one at a time, so that
     * a tag of a million attributes takes no memory: the last {@code charset} attribute wins; a
     * {@code content} attribute counts only before any {@code charset}, and only with an
     * {@code http-equiv} that is ASCII case-insensitively "content-type".
     */
    static final class MetaAttributes {
        boolean gotPragma;
        boolean hasCharset;
        boolean modeCharset;
        boolean modePragma;
        String charset = "";

        /** Whether an attribute of this (lowercased) name changes the result. */
        static boolean reads(CharSequence name) {
            return "http-equiv".contentEquals(name) || "charset".contentEquals(name) || "content".contentEquals(name);
        }

        void add(String attrName, String value) {
            if (attrName.equals("http-equiv")) {
                if (value.equalsIgnoreCase("content-type") && AsciiBytes.isAscii(value, 0, value.length())) gotPragma = true;
            } else if (attrName.equals("charset")) {
                hasCharset = true;
                charset = value;
                modeCharset = true;
                modePragma = false;
            } else if (!hasCharset && attrName.equals("content")) {
                charset = MetaContent.extractLabelFromMeta(value).orElse("");
                if (!charset.isEmpty()) modePragma = true;
            }
        }
    }

    /**
     * A start or end tag: its lowercased name (or {@link #OTHER_TAG}) and its kind ({@link #KINDS}),
     * what its attributes declare (a meta start tag's only, otherwise null), and the position after
     * its ">".
     */
    private record Tag(String name, int kind, MetaAttributes meta, int end) {}

    // What a tag name does in the scan, as bits (KINDS): keeps the head section going; does so as
    // a start tag (html, head); switches the tokenizer to text up to its end tag (script, RCDATA,
    // RAWTEXT); is a meta; is plaintext.
    private static final int IN_HEAD = 1;
    private static final int HTML_OR_HEAD = 2;
    private static final int TEXT = 4;
    private static final int META = 8;
    private static final int PLAINTEXT = 16;


    /**
     * The names the scan tells apart (what keeps the head section going, what switches the
     * tokenizer's state, {@code meta} and {@code plaintext}); every other tag name is {@link
     * #OTHER_TAG}, which acts alike for all of them, so no String is made for it.
     */
    private static final String[] NAMES_TOLD_APART;
    /** The kind of each of {@link #NAMES_TOLD_APART} ({@link #IN_HEAD}...), so that no set is asked per tag. */
    private static final int[] KINDS;
    /** Any tag name not in {@link #NAMES_TOLD_APART} (no tag name is empty: it starts with a letter). */
    private static final String OTHER_TAG = "";

    static {
        java.util.Set<String> names = new java.util.TreeSet<>(ALLOWED_IN_HEAD);
        names.addAll(RCDATA);
        names.addAll(RAWTEXT);
        names.addAll(Set.of("html", "head", "plaintext"));
        NAMES_TOLD_APART = names.toArray(new String[0]);
        KINDS = new int[NAMES_TOLD_APART.length];
        for (int i = 0; i < KINDS.length; i++) {
            String name = NAMES_TOLD_APART[i];
            KINDS[i] = (ALLOWED_IN_HEAD.contains(name) ? IN_HEAD : 0)
                    | (name.equals("html") || name.equals("head") ? HTML_OR_HEAD : 0)
                    | (name.equals("script") || RCDATA.contains(name) || RAWTEXT.contains(name) ? TEXT : 0)
                    | (name.equals("meta") ? META : 0)
                    | (name.equals("plaintext") ? PLAINTEXT : 0);
        }
    }

    /**
     * Which of {@link #NAMES_TOLD_APART} the tag name {@code b[from, to)} is, A-Z lowercased (as
     * {@link AsciiBytes#lowercase}); -1 for any other ({@link #OTHER_TAG}).
     */
    private static int tagIndex(byte[] b, int from, int to) {
        int length = to - from;
        for (int i = 0; i < NAMES_TOLD_APART.length; i++) {
            String name = NAMES_TOLD_APART[i];
            if (name.length() == length && AsciiBytes.startsWithIgnoringAsciiCase(b, from, to, name)) return i;
        }
        return -1;
    }

    private static String decodeCharacterReferences(String value) {
        return value.indexOf('&') < 0 ? value : Parser.unescapeEntities(value, true);
    }

    /** Whitespace for the tokenizer (CR counts: the input stream turns it into LF). */
    private static boolean isTokenizerWhitespace(byte c) {
        return AsciiBytes.isAsciiWhitespaceByte(c);
    }
}
