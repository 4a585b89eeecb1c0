/**
 * The {@code jsoup-charset} command ({@link io.github.jsoupcharset.cli.Main}: {@code sniff},
 * {@code decode}, {@code select}, {@code audit}) and the audit's per-page code path, for batch jobs
 * to reuse: {@link io.github.jsoupcharset.cli.PageAudit#of} for one page,
 * {@link io.github.jsoupcharset.cli.AuditTable} to add pages up,
 * {@link io.github.jsoupcharset.cli.WarcAudit} to read WARC files (which needs the optional
 * dependency {@code org.netpreserve:jwarc}).
 */
package io.github.jsoupcharset.cli;
