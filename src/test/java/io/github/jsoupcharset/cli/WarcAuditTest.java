package io.github.jsoupcharset.cli;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

class WarcAuditTest {
    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void htmlByTheLastValidContentType() {
        assertThat(WarcAudit.isHtml(List.of("text/html; charset=utf-8"), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("Application/XHTML+XML"), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("text/css"), b("<html>")), is(false));
        assertThat(WarcAudit.isHtml(List.of("text/plain, text/html"), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("text/html", "image/png"), b("x")), is(false));
        assertThat(WarcAudit.isHtml(List.of("text/html; a=\"x,y\""), b("x")), is(true));
        assertThat(WarcAudit.isHtml(List.of("*/*"), b("<html>")), is(true)); // no valid type: sniff the body
    }

    @Test
    void withoutAContentTypeTheBodyMustLookLikeHtml() {
        assertThat(WarcAudit.isHtml(List.of(), b("\n  <!doctype html><p>")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("\uFEFF<HTML>")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("<!-- x -->")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("<a href=x>")), is(true));
        assertThat(WarcAudit.isHtml(List.of(), b("<abbr>")), is(false));
        assertThat(WarcAudit.isHtml(List.of(), b("<html")), is(false)); // no tag-terminating byte
        assertThat(WarcAudit.isHtml(List.of(), b("{\"json\": 1}")), is(false));
    }
}
