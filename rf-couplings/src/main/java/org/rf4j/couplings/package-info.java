/**
 * Coupling implementations and their providers: {@code iid} and the structured couplings of the
 * Simplex Random Features paper.
 */
package org.rf4j.couplings;
