/**
 * Learning on random features: kernel ridge regression and one-vs-rest ridge classification on any
 * feature map ({@link org.rf4j.learn.RidgeTrainer}, {@link org.rf4j.learn.RidgeModel}), exact kernel
 * ridge regression as the reference ({@link org.rf4j.learn.ExactKernelRidge}), Nyström features
 * (feature map {@code nystroem}, {@link org.rf4j.learn.Nystroem}) and the {@code ridge} evaluation
 * task. A fitted model is a value saved as JSON and loaded bit-identically.
 */
module org.rf4j.learn {
    requires transitive org.rf4j;
    requires transitive org.rf4j.tasks;
    requires com.fasterxml.jackson.databind;

    exports org.rf4j.learn;

    provides org.rf4j.spi.FeatureMapProvider with org.rf4j.learn.NystroemFeatures.Provider;
}
