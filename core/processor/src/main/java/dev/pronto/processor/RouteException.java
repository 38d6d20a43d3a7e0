package dev.pronto.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;

/** A compile error found while reading a controller: the message and the element to highlight. */
final class RouteException extends Exception {
    final transient Element element;
    final transient AnnotationMirror annotation;

    RouteException(String message, Element element, AnnotationMirror annotation) {
        super(message, null, false, false);
        this.element = element;
        this.annotation = annotation;
    }

    RouteException(String message, Element element) {
        this(message, element, null);
    }
}
