/**
 * Guice wiring. Modules only declare bindings; everything that reads files or scans for plugins
 * happens in {@code @Provides} methods.
 */
package org.rf4j.app.inject;
