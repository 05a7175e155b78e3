/** Converting request strings to the Java types of resource method parameters, without throwing for bad input. */
package org.jzenith.rest.internal.params;
