/** The transactional outbox users inject: events that commit or roll back with the business change. */
package org.jzenith.core.outbox;
