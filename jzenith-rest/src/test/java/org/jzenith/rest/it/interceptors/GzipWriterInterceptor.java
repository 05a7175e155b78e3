package org.jzenith.rest.it.interceptors;

import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;

/** Jersey's GZIP example, as applications copy it: compresses the bodies of @Compress methods. */
@Compress
public class GzipWriterInterceptor implements WriterInterceptor {

    @Override
    public void aroundWriteTo(final WriterInterceptorContext context) throws IOException {
        context.getHeaders().add("Content-Encoding", "gzip");
        context.setOutputStream(new GZIPOutputStream(context.getOutputStream()));
        context.proceed();
    }
}
