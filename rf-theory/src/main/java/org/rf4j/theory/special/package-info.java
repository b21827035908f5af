/**
 * Special functions for the closed forms and for the couplings: log-gamma and the regularized
 * incomplete gamma functions ({@link org.rf4j.theory.special.Gamma}), the standard normal CDF and
 * its inverse ({@link org.rf4j.theory.special.Normal}) and tanh-sinh quadrature
 * ({@link org.rf4j.theory.special.Quadrature}). Each is accurate to near double precision and is
 * tested against reference values.
 */
package org.rf4j.theory.special;
