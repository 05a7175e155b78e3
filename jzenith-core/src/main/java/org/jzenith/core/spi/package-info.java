/**
 * What jZenith's plugin modules need from core beyond the public API: published and kept stable
 * for them, where {@code internal} packages are core's own and may change at any time. A module
 * other than core imports from here, never from {@code org.jzenith.core.internal}.
 */
package org.jzenith.core.spi;
