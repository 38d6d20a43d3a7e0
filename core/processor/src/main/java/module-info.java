/** Pronto's annotation processor: annotated controllers and validation to routes at compile time. */
module dev.pronto.processor {
    requires java.compiler;

    provides javax.annotation.processing.Processor with dev.pronto.processor.RoutesProcessor;
}
