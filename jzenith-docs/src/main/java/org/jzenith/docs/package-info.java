/**
 * The Java code that README.md and docs/*.md show, compiled. Each snippet is a region between
 * {@code // tag::NAME[]} and {@code // end::NAME[]}; the markdown names it in a
 * {@code <!-- snippet: PATH#NAME -->} marker above the block, and SnippetsTest checks that the
 * block is exactly that region.
 */
package org.jzenith.docs;
