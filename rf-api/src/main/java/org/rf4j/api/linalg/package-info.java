/**
 * The hot-path numerical kernels: matrix products and elementwise transcendental functions.
 * Every feature map computes {@code Z = X·Wᵀ} through {@link org.rf4j.api.linalg.LinearAlgebra}
 * so that one well-measured implementation serves all of them.
 */
package org.rf4j.api.linalg;
