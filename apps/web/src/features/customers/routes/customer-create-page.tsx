import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCreateCustomer } from '../api/create-customer.ts';
import { applyServerErrors, CustomerForm, initialCustomerValues } from '../components/customer-form.tsx';

export default function CustomerCreatePage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const create = useCreateCustomer();
  return (
    <div data-testid="customer-create-page">
      <PageHeader title={t('create.title')} description={t('create.description')} />
      <CustomerForm
        initial={initialCustomerValues()}
        submitLabel={t('create.submit')}
        saving={create.isPending}
        onCancel={() => navigate('/customers')}
        onSubmit={(body, setErrors) =>
          create.mutate(body, {
            onSuccess: (customer) => {
              notifications.show({
                color: 'green',
                title: t('create.doneTitle'),
                message: t('create.done', { name: customer.name }),
              });
              navigate(`/customers/${customer.id}/edit`, { replace: true });
            },
            onError: (error) => applyServerErrors(error, setErrors),
          })
        }
      />
    </div>
  );
}
