/** The outbox and inbox of docs/messaging.md, as code that compiles. */
package org.jzenith.docs.outbox;
