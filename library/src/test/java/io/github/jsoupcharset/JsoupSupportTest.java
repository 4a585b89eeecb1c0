package io.github.jsoupcharset;

import org.junit.jupiter.api.Test;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.is;

/**
 * The look-up of what the class path's jsoup offers. The library's own build runs jsoup 1.24.1;
 * older ones are run by the consumer projects (consumer-tests/src/it: jsoup-oldest, jsoup-too-old).
 */
class JsoupSupportTest {
    @Test
    void thisBuildsJsoupTellsWhetherABodyWasCutOff() {
        assertThat(JsoupSupport.knowsTruncation(), is(true));
    }

    @Test
    void versionsAreComparedAsNumbers() {
        assertThat(JsoupSupport.olderThan("1.18.1", "1.18.2"), is(true));
        assertThat(JsoupSupport.olderThan("1.9.2", "1.18.2"), is(true));
        assertThat(JsoupSupport.olderThan("1.18.2", "1.18.2"), is(false));
        assertThat(JsoupSupport.olderThan("1.22.2", "1.18.2"), is(false));
        assertThat(JsoupSupport.olderThan("2.0", "1.18.2"), is(false));
        assertThat(JsoupSupport.olderThan("1.19.1-SNAPSHOT", "1.18.2"), is(false));
        // unknown: the class check decides
        assertThat(JsoupSupport.olderThan(null, "1.18.2"), is(false));
        assertThat(JsoupSupport.olderThan("custom", "1.18.2"), is(false));
    }
}
