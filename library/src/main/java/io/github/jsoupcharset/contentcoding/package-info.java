/**
 * HTTP content codings ({@code Content-Encoding: gzip, deflate, br}, stacked) undone as a browser
 * undoes them, before the bytes are sniffed and decoded: {@link
 * io.github.jsoupcharset.contentcoding.ContentCodings}.
 */
package io.github.jsoupcharset.contentcoding;
