import { Button, Flex, Select, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { REVIEW_PAGE_SIZES } from '@agency/contracts';

export const REPORT_PAGE_SIZES = REVIEW_PAGE_SIZES;
export const DEFAULT_REPORT_PAGE_SIZE = 10;

/**
 * Paging of a list whose total is unknown: rows per page (5, 10, 25, 50), the page number, and
 * Previous / Next; Next is disabled when the page shown is short (fewer rows than the page size).
 */
export function Pager({
  page,
  pageSize,
  shown,
  loading,
  onPage,
  onPageSize,
}: {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows on the page shown. */
  shown: number;
  loading?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  return (
    <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 12 }} wrap>
      <Typography.Text type="secondary">Rows per page</Typography.Text>
      <Select
        aria-label="Rows per page"
        size="small"
        value={pageSize}
        style={{ width: 84 }}
        options={REPORT_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
        onChange={(n: number) => onPageSize(n)}
      />
      <Typography.Text type="secondary" data-testid="page-number">
        Page {page}
      </Typography.Text>
      <Button size="small" icon={<LeftOutlined />} aria-label="Previous page" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)} />
      <Button size="small" icon={<RightOutlined />} aria-label="Next page" disabled={shown < pageSize || loading} onClick={() => onPage(page + 1)} />
    </Flex>
  );
}
