/**
 * Performer (linear) attention and exact softmax attention; throughput measurement.
 */
package org.rf4j.attention;
