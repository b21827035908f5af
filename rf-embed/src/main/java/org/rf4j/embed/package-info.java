/** A minimal embedding of the rf4j core: plain ServiceLoader discovery and one estimate. */
package org.rf4j.embed;
