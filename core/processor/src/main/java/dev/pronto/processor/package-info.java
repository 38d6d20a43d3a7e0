/**
 * The annotation processor that turns controllers annotated with {@code dev.pronto.core.annotation}
 * into plain route registrations at compile time: {@link dev.pronto.processor.RoutesProcessor}.
 * Everything else in this package is its implementation.
 *
 * <h2>Validation</h2>
 * The standard Jakarta constraint annotations ({@code jakarta.validation:jakarta.validation-api},
 * needed at compile time only; nothing of a validation runtime is used) are checked by generated
 * code, without reflection:
 * <ul>
 *   <li>on {@code @PathParam}, {@code @Query}, {@code @Header}, {@code @Cookie} and {@code @Body}
 *       parameters, after conversion; an {@code Optional} parameter's value is checked when present;</li>
 *   <li>on the components of a {@code @Body} record, or the fields and getters of a {@code @Body}
 *       class, through a generated {@code public final class <Type>$Validator} in the type's package
 *       with {@code public static void collect(Type value, String path, List<FieldError> errors)};</li>
 *   <li>transitively through {@code @Valid} properties: a record or class, or a {@code List},
 *       array, other collection or {@code Optional} of one ({@code List<@Valid Item>} works too).</li>
 * </ul>
 * A route collects the errors of all its parameters and its body and throws one
 * {@code ValidationException}, a 400 listing every field: {@code path.id}, {@code query.limit},
 * {@code header.X-Id}, {@code cookie.session}, {@code body.name}, {@code body.items[2].price}
 * ({@code body.tags[]} for collections without an index). With
 * {@code Server.builder().errorFormat(ErrorFormat.PROBLEM_JSON)} the body is an RFC 9457
 * {@code application/problem+json} document with an {@code errors} array. A value that does not
 * convert at all (e.g. {@code limit=ten}) is still its own 400, before any constraint is checked.
 *
 * <p>Supported: {@code @NotNull}, {@code @Null}, {@code @NotBlank}, {@code @NotEmpty} and
 * {@code @Size} (strings, collections, maps, arrays), {@code @Min}, {@code @Max}, {@code @DecimalMin}
 * and {@code @DecimalMax} (integral numbers, {@code BigInteger}, {@code BigDecimal}),
 * {@code @Positive}, {@code @PositiveOrZero}, {@code @Negative} and {@code @NegativeOrZero} (all
 * numbers), {@code @Pattern} (compiled once into a static field, with its flags), {@code @Email},
 * {@code @AssertTrue}, {@code @AssertFalse}, and {@code @Past}, {@code @PastOrPresent},
 * {@code @Future}, {@code @FutureOrPresent} ({@code Instant}, {@code LocalDate},
 * {@code LocalDateTime}, {@code OffsetDateTime}, {@code ZonedDateTime}). Null passes every
 * constraint but {@code @NotNull}, {@code @NotBlank} and {@code @NotEmpty}. {@code @Email} accepts
 * the empty string and otherwise the WHATWG HTML "valid e-mail address":
 * {@code [a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+} then {@code @} then dot-separated labels of letters,
 * digits and inner hyphens, so {@code ada@localhost} passes and quoted local parts or IP literals
 * do not; its {@code regexp} must match as well.
 *
 * <p>Messages are Hibernate Validator's English defaults ("must not be blank", "size must be
 * between 1 and 20", "must be greater than or equal to 1"), or the constraint's own
 * {@code message} when it is not a {@code {jakarta.validation...}} key; {@code {min}}-style
 * references to the annotation's attributes are replaced in both. A constraint that cannot apply
 * is a compile error on it, e.g. "@Size applies to strings, collections, maps and arrays, not int";
 * so are {@code @Digits}, validation groups, constraints on type arguments
 * ({@code List<@NotBlank String>}) and constrained fields without an accessor. Annotations of
 * other packages, even with the same simple names, are ignored.
 *
 * <p>OpenAPI: when processing is over, the controllers of the compilation are merged into one
 * OpenAPI 3.1 document, {@code META-INF/pronto/openapi.json} in the class output (served by
 * {@code dev.pronto.core.OpenApi}). Paths and operations come from the routes (operation ids
 * {@code Controller.method}, tags per controller), parameters with their source, type and
 * {@code required} (false for {@code Optional} and {@code List}), JSON bodies and results as schemas
 * of the record and class components ({@code $ref}s to {@code components/schemas} named like
 * {@code Outer.Inner}; lists, sets, arrays, maps with string keys, enums, {@code Instant} and the
 * other {@code java.time} types, {@code UUID}), the constraints above as schema keywords, the
 * {@code @Status}, and {@code application/problem+json} errors: 400 when the route takes a
 * parameter or a body, 404 with path parameters, 415 with a body, 500 always. Javadoc gives
 * {@code summary} (first sentence) and {@code description}. Keys are sorted, so the same sources
 * give the same bytes. {@code -Apronto.openapi.title} and {@code -Apronto.openapi.version} set
 * {@code info} (defaults {@code API} and {@code 0.0.0}).
 */
package dev.pronto.processor;
