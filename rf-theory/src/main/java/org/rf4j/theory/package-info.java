/**
 * Closed-form MSE and variance of the random-feature estimators.
 *
 * <p>Notation: inputs are in kernel coordinates (already divided by the bandwidth); the unit
 * Gaussian kernel is {@code K(x, y) = exp(−|x − y|²/2)} and the softmax kernel
 * {@code SM(x, y) = exp(xᵀy)}; m is the number of projections.
 */
package org.rf4j.theory;
