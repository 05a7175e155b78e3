/** Jakarta REST {@code @Context} types backed by a Vert.x request. */
package org.jzenith.rest.internal.context;
