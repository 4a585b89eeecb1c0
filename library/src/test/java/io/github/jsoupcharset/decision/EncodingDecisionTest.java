package io.github.jsoupcharset.decision;

import io.github.jsoupcharset.encoding.Encoding;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class EncodingDecisionTest {
    private static EncodingDecision decision(Optional<String> header, Optional<String> meta, List<IgnoredLabel> ignored, int count) {
        return EncodingDecision.builder(Encoding.WINDOWS_1252, DecisionSource.DEFAULT, Confidence.TENTATIVE)
                .headerLabel(header).metaLabel(meta).metaEncoding(meta.flatMap(Encoding::forLabel))
                .metaSource(meta.map(m -> DecisionSource.META_PRESCAN)).ignoredLabels(ignored).ignoredLabelCount(count)
                .build();
    }

    @Test
    void keepsTheFirstIgnoredLabelsAndTheCountOfAll() {
        List<IgnoredLabel> ignored = new ArrayList<>();
        for (int i = 0; i < 12; i++) ignored.add(new IgnoredLabel("x-" + i, DecisionSource.LATE_META));
        EncodingDecision d = decision(Optional.empty(), Optional.empty(), ignored, 1000);
        assertThat(d.ignoredLabels(), equalTo(ignored.subList(0, EncodingDecision.MAX_IGNORED_LABELS)));
        assertThat(d.ignoredLabelCount(), equalTo(1000));
        assertThat(d.toString(), endsWith("; ignored \"x-7\"; 1000 labels ignored)"));
        assertThat(d.withReplacementCount(2).ignoredLabelCount(), equalTo(1000));
    }

    @Test
    void aCountBelowTheLabelsGivenIsRejected() {
        List<IgnoredLabel> two = List.of(new IgnoredLabel("a", DecisionSource.HTTP_HEADER), new IgnoredLabel("b", DecisionSource.LATE_META));
        assertThrows(IllegalArgumentException.class, () -> decision(Optional.empty(), Optional.empty(), two, 1));
    }

    @Test
    void labelsLongerThanAnyRealLabelAreCut() {
        String longest = "a".repeat(EncodingDecision.MAX_LABEL_LENGTH);
        String garbage = "x".repeat(10 << 20);
        EncodingDecision d = decision(Optional.of(garbage), Optional.of(" \t".repeat(1 << 20) + "koi8-r" + "\n".repeat(1 << 20)),
                List.of(new IgnoredLabel(longest, DecisionSource.LATE_META), new IgnoredLabel(garbage, DecisionSource.LATE_META)), 2);
        assertThat(d.headerLabel(), equalTo(Optional.of("x".repeat(EncodingDecision.MAX_LABEL_LENGTH - 1) + "\u2026")));
        assertThat(d.metaLabel(), equalTo(Optional.of("koi8-r"))); // what "get an encoding" read
        assertThat(d.ignoredLabels().get(0).label(), equalTo(longest)); // as long as the bound: whole
        assertThat(d.ignoredLabels().get(1).label(), equalTo(d.headerLabel().get()));
        // whitespace is trimmed only from labels over the bound, and a surrogate pair is never split
        assertThat(new IgnoredLabel(" utf-7 ", DecisionSource.HTTP_HEADER).label(), equalTo(" utf-7 "));
        String emoji = "a".repeat(EncodingDecision.MAX_LABEL_LENGTH - 2) + "\uD83D\uDE00".repeat(4);
        assertThat(new IgnoredLabel(emoji, DecisionSource.HTTP_HEADER).label(),
                equalTo("a".repeat(EncodingDecision.MAX_LABEL_LENGTH - 2) + "\u2026"));
        assertThat(d.toString().length() < 600, equalTo(true));
    }

    @Test
    void aMisdeclarationSurvivesTheReplacementCountAndIsShown() {
        EncodingDecision.Misdeclaration m = new EncodingDecision.Misdeclaration(DecisionSource.HTTP_HEADER,
                Encoding.UTF_8, Encoding.WINDOWS_1251, "40 UTF-8 errors in 40 non-ASCII sequences; windows-1251 decodes with 0 errors");
        EncodingDecision d = EncodingDecision.builder(Encoding.WINDOWS_1251, DecisionSource.DECLARATION_OVERRIDDEN,
                Confidence.TENTATIVE).headerLabel(Optional.of("utf-8")).headerEncoding(Optional.of(Encoding.UTF_8))
                .misdeclaration(Optional.of(m)).build().withReplacementCount(0);
        assertThat(d.misdeclared(), equalTo(true));
        assertThat(d.misdeclaration(), equalTo(Optional.of(m)));
        assertThat(d.toString(), equalTo("windows-1251 (DECLARATION_OVERRIDDEN, TENTATIVE; header \"utf-8\"; HTTP_HEADER UTF-8"
                + " overridden: windows-1251, 40 UTF-8 errors in 40 non-ASCII sequences; windows-1251 decodes with 0 errors;"
                + " 0 U+FFFD)"));
    }

    @Test
    void aPossibleMisdeclarationIsCountedApartAndShownAsSuch() {
        EncodingDecision.Misdeclaration m = new EncodingDecision.Misdeclaration(DecisionSource.META_PRESCAN,
                Encoding.WINDOWS_1252, Encoding.UTF_8, "valid UTF-8, 1 multi-byte sequence", true);
        assertThat(m.possible(), equalTo(true));
        assertThat(new EncodingDecision.Misdeclaration(DecisionSource.META_PRESCAN, Encoding.WINDOWS_1252, Encoding.UTF_8,
                "valid UTF-8, 1 multi-byte sequence").possible(), equalTo(false));
        EncodingDecision d = EncodingDecision.builder(Encoding.WINDOWS_1252, DecisionSource.META_PRESCAN, Confidence.TENTATIVE)
                .misdeclaration(Optional.of(m)).build();
        assertThat(d.misdeclared(), equalTo(false));
        assertThat(d.possiblyMisdeclared(), equalTo(true));
        assertThat(d.toString(), equalTo("windows-1252 (META_PRESCAN, TENTATIVE; META_PRESCAN windows-1252 possibly wrong,"
                + " bytes could be UTF-8, valid UTF-8, 1 multi-byte sequence)"));
        assertThat(d.toBuilder().misdeclaration(Optional.empty()).build().possiblyMisdeclared(), equalTo(false));
    }

    @Test
    void aBuilderStartsEmptyAndToBuilderGivesBackAnEqualDecision() {
        EncodingDecision plain = EncodingDecision.builder(Encoding.KOI8_R, DecisionSource.DETECTION, Confidence.TENTATIVE).build();
        assertThat(plain.headerLabel(), equalTo(Optional.empty()));
        assertThat(plain.ignoredLabels(), equalTo(List.of()));
        assertThat(plain.replacementCount(), equalTo(OptionalInt.empty()));
        assertThat(plain.looksBinary() || plain.misdeclared() || plain.conflict(), equalTo(false));

        EncodingDecision full = plain.toBuilder().headerLabel(Optional.of("koi8-r")).headerEncoding(Optional.of(Encoding.KOI8_R))
                .detectorConfidence(OptionalInt.of(91)).detectorRunnerUp(Optional.of(Encoding.WINDOWS_1251))
                .binaryEvidence(Optional.of("PNG image signature")).build().withReplacementCount(3);
        EncodingDecision copy = full.toBuilder().build();
        assertThat(copy, equalTo(full));
        assertThat(copy.hashCode(), equalTo(full.hashCode()));
        assertThat(copy.toString(), equalTo(full.toString()));
        // each fact takes part in equality
        assertThat(full.toBuilder().conflict(true).build().equals(full), equalTo(false));
        assertThat(full.toBuilder().detectorConfidence(OptionalInt.of(90)).build().equals(full), equalTo(false));
        assertThat(full.equals(plain), equalTo(false));
        // and the builder checks what it is given
        assertThrows(NullPointerException.class, () -> EncodingDecision.builder(null, DecisionSource.DEFAULT, Confidence.TENTATIVE));
        assertThrows(IllegalArgumentException.class, () -> plain.toBuilder()
                .ignoredLabels(List.of(new IgnoredLabel("x", DecisionSource.HTTP_HEADER))).ignoredLabelCount(0).build());
        assertThrows(IllegalArgumentException.class, () -> plain.toBuilder().replacementCount(OptionalInt.of(-1)).build());
    }
}
