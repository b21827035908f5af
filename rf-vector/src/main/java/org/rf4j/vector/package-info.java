/**
 * {@link org.rf4j.vector.PanamaKernels}: register-blocked {@code fma} product kernel and
 * SVML-backed exp/sin/cos on {@code jdk.incubator.vector}.
 */
package org.rf4j.vector;
