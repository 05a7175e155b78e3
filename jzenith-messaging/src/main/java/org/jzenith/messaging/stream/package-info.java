/**
 * {@code @Channel("name")} streams ({@code Multi<T>}, {@code Publisher<T>}, {@code Flowable<T>}) fed by
 * a channel: a live view that every subscriber receives with back-pressure and a bound.
 */
package org.jzenith.messaging.stream;
