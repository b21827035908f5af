/**
 * JMH benchmarks of rf4j's hot paths at the shapes of issue 8: the positive and trigonometric
 * feature maps (n = 100,000, d = 64, m = 512), {@code X·Wᵀ} alone, and Performer attention
 * (L = 16,384, d = 64, m = 256). Each benchmark times the same operation as
 * {@link org.rf4j.attention.Benchmarks} (what {@code rf4j bench} runs), on the same data.
 */
package org.rf4j.bench;
