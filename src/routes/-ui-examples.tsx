import { useState, type ReactNode } from 'react';
import { Button } from '../ui/Button.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { TextField } from '../ui/TextField.tsx';
import { MaskedField } from '../ui/MaskedField.tsx';
import { Checkbox, CheckboxGroup } from '../ui/Checkbox.tsx';
import { Radio, RadioGroup } from '../ui/RadioGroup.tsx';
import { Switch } from '../ui/Switch.tsx';
import { ComboBox } from '../ui/ComboBox.tsx';
import { Modal } from '../ui/Modal.tsx';
import { Accordion, Disclosure } from '../ui/Disclosure.tsx';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../ui/Table.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { Stepper } from '../ui/Stepper.tsx';
import { Card } from '../ui/Card.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../ui/Tabs.tsx';
import * as styles from './-ui-standards.css.ts';
import { ATTEMPT_MESSAGES } from '../../machines/shared/rules/verifyAttempts.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map(
  (name, i) => ({ id: String(i + 1), name }),
);

function Example({ name, code, children }: { name: string; code: string; children: ReactNode }) {
  // One id token: aria-labelledby reads a name with spaces as several ids.
  const id = `example-${name.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{name}</h3>
      <div className={styles.example}>
        <div>{children}</div>
        <pre className={styles.pre}>
          <code>{code.trim()}</code>
        </pre>
      </div>
    </section>
  );
}

/** A live usage example of every design-system part (src/ui/). */
export function ComponentExamples() {
  const [phone, setPhone] = useState('');
  const [auto, setAuto] = useState(false);
  const [modal, setModal] = useState<'none' | 'dismissable' | 'decision'>('none');
  const [agreed, setAgreed] = useState(false);
  return (
    <>
      <Example name="Button" code={`<Button onPress={save}>Save</Button>\n<Button variant="secondary">Cancel</Button>\n<Button variant="quiet" size="small">Edit</Button>`}>
        <div className={styles.row}>
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="quiet">Quiet</Button>
          <Button isDisabled>Disabled</Button>
        </div>
      </Example>
      <Example name="Link" code={`<Link to="/help">Help</Link>\n<Link to="/memberInfo" variant="primary">GET STARTED</Link>\n<ExternalLink href={pdf}>Order form (PDF)</ExternalLink>`}>
        <div className={styles.row}>
          <Link to="/help">In-app link</Link>
          <Link to="/GettingStarted" variant="secondary">
            Link as a button
          </Link>
          <ExternalLink href="https://members.example.com">External link</ExternalLink>
        </div>
      </Example>
      <Example name="TextField" code={`<TextField label="First name" autoComplete="given-name" errorMessage={error} />`}>
        <TextField label="First name" autoComplete="given-name" />
        <TextField label="Email" type="email" errorMessage="Enter a valid email address" />
      </Example>
      <Example name="MaskedField" code={`<MaskedField mask="phone" label="Phone" value={v} onChange={setV} />\n<MaskedField mask="zip" label="Zip code" />\n<MaskedField mask="date" label="Start date" />`}>
        <MaskedField mask="phone" label="Phone" value={phone} onChange={setPhone} />
        <MaskedField mask="zip" label="Zip code" />
        <MaskedField mask="date" label="Start date" />
      </Example>
      <Example name="Checkbox and CheckboxGroup" code={`<Checkbox isSelected={all} onChange={setAll}>Select all</Checkbox>\n<CheckboxGroup label="Allergies">\n  <Checkbox value="penicillin">Penicillin</Checkbox>\n</CheckboxGroup>`}>
        <Checkbox>Select all</Checkbox>
        <CheckboxGroup label="Allergies" description="Choose every allergy that applies.">
          <Checkbox value="penicillin">Penicillin</Checkbox>
          <Checkbox value="sulfa">Sulfa drugs</Checkbox>
        </CheckboxGroup>
      </Example>
      <Example name="RadioGroup" code={`<RadioGroup label="Shipping" defaultValue="standard">\n  <Radio value="standard">Standard (free)</Radio>\n</RadioGroup>`}>
        <RadioGroup label="Shipping" defaultValue="standard">
          <Radio value="standard">Standard (free)</Radio>
          <Radio value="expedited">Expedited</Radio>
        </RadioGroup>
      </Example>
      <Example name="Switch" code={`<Switch isSelected={on} onChange={setOn} showState>Auto Refill for Atorvastatin</Switch>`}>
        <Switch isSelected={auto} onChange={setAuto} showState>
          Auto Refill for Atorvastatin 40 mg
        </Switch>
        <Switch isDisabled showState>
          Auto Refill for Tramadol 50 mg (NOT ELIGIBLE)
        </Switch>
      </Example>
      <Example name="ComboBox" code={`<ComboBox label="Month" items={months} autoComplete="bday-month" onSelectionChange={pick} />`}>
        <ComboBox label="Month" defaultItems={MONTHS} autoComplete="bday-month" />
      </Example>
      <Example name="Modal" code={`<Modal isOpen={open} onOpenChange={setOpen} title="Terms"\n  isDismissable={false} actions={<Button>Confirm</Button>}>…</Modal>`}>
        <div className={styles.row}>
          <Button variant="secondary" onPress={() => setModal('dismissable')}>
            Open a dismissable modal
          </Button>
          <Button variant="secondary" onPress={() => setModal('decision')}>
            Open a decision modal
          </Button>
        </div>
        <Modal
          isOpen={modal === 'dismissable'}
          onOpenChange={(open) => !open && setModal('none')}
          title="A dismissable modal"
          actions={<Button onPress={() => setModal('none')}>I&apos;M DONE</Button>}
        >
          <p>Escape, the close button and a click outside close it.</p>
        </Modal>
        <Modal
          isOpen={modal === 'decision'}
          onOpenChange={(open) => !open && setModal('none')}
          title="A decision modal"
          isDismissable={false}
          role="alertdialog"
          actions={
            <>
              <Button variant="secondary" onPress={() => (setAgreed(false), setModal('none'))}>
                Cancel
              </Button>
              <Button isDisabled={!agreed} onPress={() => setModal('none')}>
                Confirm
              </Button>
            </>
          }
        >
          <p>Escape does not close it: the person must choose.</p>
          <Checkbox isSelected={agreed} onChange={setAgreed}>
            Select to agree
          </Checkbox>
        </Modal>
      </Example>
      <Example name="Tabs" code={`<Tabs><TabList aria-label="Topics"><Tab id="a">A</Tab></TabList>\n  <TabPanel id="a">…</TabPanel></Tabs>`}>
        <Tabs>
          <TabList aria-label="Example tabs">
            <Tab id="one">ONE</Tab>
            <Tab id="two">TWO</Tab>
          </TabList>
          <TabPanel id="one">The first panel.</TabPanel>
          <TabPanel id="two">The second panel.</TabPanel>
        </Tabs>
      </Example>
      <Example name="Disclosure (accordion)" code={`<Accordion>\n  <Disclosure id="q1" title="Question">Answer</Disclosure>\n</Accordion>`}>
        <Accordion>
          <Disclosure id="one" title="How long does delivery take?" level={4}>
            <p>Within 10 days.</p>
          </Disclosure>
          <Disclosure id="two" title="Is standard shipping free?" level={4}>
            <p>Yes.</p>
          </Disclosure>
        </Accordion>
      </Example>
      <Example name="Table" code={`<Table aria-label="Hours"><TableHeader><Column isRowHeader>Line</Column>…`}>
        <Table aria-label="Support hours">
          <TableHeader>
            <Column isRowHeader>Line</Column>
            <Column>Weekdays</Column>
          </TableHeader>
          <TableBody>
            <Row>
              <Cell>Mail order</Cell>
              <Cell>8 am to 8 pm ET</Cell>
            </Row>
            <Row>
              <Cell>Specialty</Cell>
              <Cell>9 am to 5 pm ET</Cell>
            </Row>
          </TableBody>
        </Table>
      </Example>
      <Example name="Alert" code={`<Alert tone="error">Please check your information and try again</Alert>`}>
        <Alert tone="success" announce={false}>Success! We have received your order.</Alert>
        <Alert tone="error" announce={false}>Please check your information and try again</Alert>
        <Alert tone="warning" announce={false}>{ATTEMPT_MESSAGES.warning}</Alert>
        <Alert tone="info">Your default shipping and payment will be used.</Alert>
      </Example>
      <Example name="Skeleton" code={`{isLoading && <Skeleton lines={4} />}`}>
        <Skeleton lines={3} />
      </Example>
      <Example name="Stepper" code={`<Stepper steps={['Verify', 'Select', 'Confirm']} current={1} />`}>
        <Stepper steps={['Verify', 'Select', 'Confirm']} current={1} />
      </Example>
      <Example
        name="Stepper with an optional step"
        code={`<Stepper steps={steps} current={4} optionalStep={{\n  name: 'Register (Optional)',\n  note: 'You are one step away. Manage medications online!',\n  action: <ExternalLink href={portal}>Register Now</ExternalLink>,\n}} />`}
      >
        <Stepper
          steps={['Member Info', 'Select Prescriptions', 'Verification', 'Review', 'Finish']}
          current={4}
          optionalStep={{
            name: 'Register (Optional)',
            note: 'You are one step away. Manage medications online!',
            action: <ExternalLink href="https://members.example.com">Register Now</ExternalLink>,
          }}
        />
      </Example>
      <Example name="Card" code={`<Card icon="truck" title="Free shipping">…</Card>`}>
        <Card icon="truck" title="Free shipping" level={3}>
          <p>Standard shipping is free.</p>
        </Card>
      </Example>
    </>
  );
}
