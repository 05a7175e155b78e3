package org.jzenith.benchmarks.vertx;

import java.util.List;

/** A row of the Fortune table, and the fortunes page written by hand (raw Vert.x has no templates). */
record Fortune(int id, String message) {

    static String page(final List<Fortune> fortunes) {
        final StringBuilder html = new StringBuilder(2048)
                .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                .append("<tr><th>id</th><th>message</th></tr>");
        for (final Fortune fortune : fortunes) {
            html.append("<tr><td>").append(fortune.id()).append("</td><td>");
            escape(html, fortune.message());
            html.append("</td></tr>");
        }
        return html.append("</table></body></html>").toString();
    }

    private static void escape(final StringBuilder html, final String text) {
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            switch (c) {
                case '&' -> html.append("&amp;");
                case '<' -> html.append("&lt;");
                case '>' -> html.append("&gt;");
                case '"' -> html.append("&quot;");
                case '\'' -> html.append("&#39;");
                default -> html.append(c);
            }
        }
    }
}
