package io.github.jsoupcharset;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.net.ssl.SSLSession;

/** A {@code java.net.http} response made in a test: a body and its headers, no server. */
record FakeHttpResponse<T>(T body, HttpHeaders headers) implements HttpResponse<T> {
    /** A response with {@code body} and headers given as name, value, name, value… */
    static <T> FakeHttpResponse<T> of(T body, String... headers) {
        Map<String, List<String>> map = new LinkedHashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            map.merge(headers[i], List.of(headers[i + 1]), (a, b) -> {
                List<String> both = new java.util.ArrayList<>(a);
                both.addAll(b);
                return both;
            });
        }
        return new FakeHttpResponse<>(body, HttpHeaders.of(map, (name, value) -> true));
    }

    @Override
    public int statusCode() {
        return 200;
    }

    @Override
    public HttpRequest request() {
        return HttpRequest.newBuilder(uri()).build();
    }

    @Override
    public Optional<HttpResponse<T>> previousResponse() {
        return Optional.empty();
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return Optional.empty();
    }

    @Override
    public URI uri() {
        return URI.create("http://example.test/");
    }

    @Override
    public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
    }
}
