/**
 * The kernels rf4j approximates: the Gaussian kernel with bandwidth σ and the softmax kernel,
 * and the conversion between them.
 */
package org.rf4j.api.kernel;
