/**
 * Explicit randomness: every random draw in rf4j comes from a {@link java.util.random.RandomGenerator}
 * derived from a spec's seed by {@link org.rf4j.api.random.Seeds}; there is no hidden global generator.
 */
package org.rf4j.api.random;
