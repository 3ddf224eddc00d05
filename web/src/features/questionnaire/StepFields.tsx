import type { Answers } from '@handcheck/diagnosis';
import { useAppDispatch } from '../../app/hooks';
import { additionalInfoSet, choiceSet, flagSet, painLocationToggled } from './questionnaireSlice';
import { AdditionalInfoField, CheckboxGroupField, RadioGroupField } from './fields';
import { FLAG_LABELS, type Question } from './stepDefinitions';
import { PainLocationField } from './hand-diagram/PainLocationField';

/** Renders one step's questions from its definition and writes answers to the store. */
export function StepFields({
  questions,
  answers,
}: {
  questions: readonly Question[];
  answers: Answers;
}) {
  const dispatch = useAppDispatch();
  return (
    <>
      {questions.map((question) => {
        switch (question.kind) {
          case 'locations':
            return (
              <PainLocationField
                key="painLocation"
                legend={question.legend}
                hint={question.hint}
                options={question.options}
                chosen={answers.painLocation}
                onToggle={(value) => dispatch(painLocationToggled(value))}
              />
            );
          case 'choice':
            return (
              <RadioGroupField
                key={question.field}
                name={question.field}
                legend={question.legend}
                hint={question.hint}
                options={question.options}
                value={answers[question.field]}
                onChange={(value) => dispatch(choiceSet({ field: question.field, value }))}
              />
            );
          case 'flags':
            return (
              <CheckboxGroupField
                key={question.flags.join()}
                legend={question.legend}
                hint={question.hint}
                options={question.flags.map((flag) => ({
                  value: flag,
                  label: FLAG_LABELS[flag],
                  checked: answers[flag],
                }))}
                onChange={(value, checked) => {
                  const flag = question.flags.find((candidate) => candidate === value);
                  if (flag) dispatch(flagSet({ field: flag, value: checked }));
                }}
              />
            );
          case 'text':
            return (
              <AdditionalInfoField
                key="additionalInfo"
                label={question.label}
                hint={question.hint}
                value={answers.additionalInfo}
                onChange={(value) => dispatch(additionalInfoSet(value))}
              />
            );
        }
      })}
    </>
  );
}
