/**
 * In-process channels: a channel whose upstream (an emitter, a producer method, a processor's result) and
 * downstream ({@code @Incoming} methods) are both in the application, delivered with no broker between
 * them, as SmallRye Reactive Messaging does for a channel without a connector.
 */
package org.jzenith.messaging.inprocess;
