/**
 * Apache Cassandra as a child JVM, shared by the Cassandra plugin's dev service and the test kit's
 * {@code PrivateCassandra} without either depending on the other: {@link
 * org.jzenith.cassandra.server.CassandraNode} launches one node, {@link
 * org.jzenith.cassandra.server.CassandraServer} finds its class path and a Java it runs on.
 */
package org.jzenith.cassandra.server;
