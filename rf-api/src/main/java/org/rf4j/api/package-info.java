/**
 * Core value types shared by every rf4j module: {@link org.rf4j.api.Matrix},
 * {@link org.rf4j.api.ComplexMatrix}, {@link org.rf4j.api.Spec} and the unchecked
 * exception hierarchy rooted at {@link org.rf4j.api.RfException}.
 */
package org.rf4j.api;
