/**
 * Vectorised kernels for rf4j: a {@link org.rf4j.api.linalg.VectorKernels} provider built on the
 * incubating Vector API. {@code org.rf4j.api} finds it with {@link java.util.ServiceLoader}
 * whenever this module is in the module graph (service binding also resolves
 * {@code jdk.incubator.vector}); leave the module out (for example from a jlink image) and rf4j
 * runs on its plain-Java kernels with the same products and Math's exp/sin/cos.
 *
 * <p>The JVM prints "WARNING: Using incubator modules: jdk.incubator.vector" at start-up when
 * this module is loaded.
 */
module org.rf4j.vector {
    requires org.rf4j.api;
    requires jdk.incubator.vector;

    provides org.rf4j.api.linalg.VectorKernels with org.rf4j.vector.PanamaKernels;
}
