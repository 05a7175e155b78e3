package org.jzenith.rest.it.interceptors;

import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.IOException;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Decompresses request bodies the client sent with Content-Encoding: gzip. */
public class GzipReaderInterceptor implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(final ReaderInterceptorContext context) throws IOException {
        final List<String> encoding = context.getHeaders().get("Content-Encoding");
        if (encoding != null && encoding.contains("gzip")) {
            context.setInputStream(new GZIPInputStream(context.getInputStream()));
        }
        return context.proceed();
    }
}
