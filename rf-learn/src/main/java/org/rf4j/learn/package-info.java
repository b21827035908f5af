/**
 * Learning on random features. {@link org.rf4j.learn.RidgeTrainer} trains a
 * {@link org.rf4j.learn.RidgeModel} (ridge regression or one-vs-rest ridge classification, λ and σ
 * by cross-validation) on the features of a front-door configuration
 * ({@link org.rf4j.RandomFeatures}); models are saved and loaded as JSON values.
 * {@link org.rf4j.learn.ExactKernelRidge} is the exact reference, {@link org.rf4j.learn.Nystroem}
 * the Nyström map behind the {@code nystroem} provider, {@link org.rf4j.learn.RidgeTask} the
 * {@code ridge} task of {@code rf4j evaluate}. The dense kernels ({@link org.rf4j.learn.Cholesky},
 * {@link org.rf4j.learn.SymmetricEigensystem}) are deterministic and use rf4j's GEMM.
 */
package org.rf4j.learn;
