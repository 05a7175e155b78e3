/**
 * Users who prove themselves with a name and a password: the {@link
 * org.jzenith.core.security.IdentityStore} SPI that an authentication scheme (the REST plugin's
 * {@code Basic}) asks, and {@link org.jzenith.core.security.PasswordHashing}, the salted, slow
 * hashes such a store keeps. Here in core, not in the REST plugin, so that a store backed by a
 * data-store plugin (the JDBC plugin's) depends on these few types and not on the HTTP stack; see
 * {@code docs/security.md}.
 */
package org.jzenith.core.security;
