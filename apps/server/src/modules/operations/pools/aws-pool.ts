import { upstreamFetchVia } from '../../../platform/http/upstream'
import type { Config } from '../../../platform/config'
import { signV4 } from './aws-sigv4'
import { outOfRange, providerError } from './pool-adapter'
import type { PoolAdapter } from './pool-adapter'

const VERSION = '2011-01-01'

/** The text of the first `<tag>…</tag>` (the Auto Scaling query API answers XML). */
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]

/**
 * An EC2 Auto Scaling group of worker instances, through the Auto Scaling query API
 * (`DescribeAutoScalingGroups`, `SetDesiredCapacity`), SigV4-signed. The IAM policy needs
 * autoscaling:DescribeAutoScalingGroups and autoscaling:SetDesiredCapacity on the group.
 */
export function awsPool(config: Config): PoolAdapter {
  const group = config.INSTANCES_POOL_ID!
  const endpoint = new URL(
    config.AWS_AUTOSCALING_ENDPOINT ?? `https://autoscaling.${config.AWS_REGION}.amazonaws.com/`,
  )

  async function call(action: string, params: Record<string, string>): Promise<string> {
    const body = new URLSearchParams({ Action: action, Version: VERSION, ...params }).toString()
    const headers = signV4({
      method: 'POST',
      url: endpoint,
      body,
      region: config.AWS_REGION,
      service: 'autoscaling',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      accessKeyId: config.AWS_ACCESS_KEY_ID!,
      secretAccessKey: config.AWS_SECRET_ACCESS_KEY!,
      sessionToken: config.AWS_SESSION_TOKEN,
    })
    delete headers.host // fetch sets it from the URL (the same value that was signed)
    let res
    try {
      res = await upstreamFetchVia(endpoint, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      })
    } catch (err) {
      throw providerError('AWS Auto Scaling', (err as Error).message)
    }
    const xml = await res.text()
    if (!res.ok)
      throw providerError(
        'AWS Auto Scaling',
        `${tag(xml, 'Code') ?? res.status}: ${tag(xml, 'Message') ?? res.statusText}`,
      )
    return xml
  }

  async function status() {
    const xml = await call('DescribeAutoScalingGroups', { 'AutoScalingGroupNames.member.1': group })
    const groupXml =
      /<AutoScalingGroups>[\s\S]*?<member>([\s\S]*)<\/member>[\s\S]*?<\/AutoScalingGroups>/.exec(xml)?.[1]
    if (!groupXml) throw providerError('AWS Auto Scaling', `no Auto Scaling group named ${group}`)
    const inService = (groupXml.match(/<LifecycleState>InService<\/LifecycleState>/g) ?? []).length
    return {
      id: group,
      provider: 'aws' as const,
      desired: Number(tag(groupXml, 'DesiredCapacity') ?? 0),
      running: inService,
      min: Number(tag(groupXml, 'MinSize') ?? 0),
      max: Number(tag(groupXml, 'MaxSize') ?? 0),
    }
  }

  return {
    id: group,
    provider: 'aws',
    status,
    async setDesired(n) {
      const before = await status()
      const refused = outOfRange(n, before.min, before.max)
      if (refused) throw refused
      await call('SetDesiredCapacity', {
        AutoScalingGroupName: group,
        DesiredCapacity: String(n),
        HonorCooldown: 'false',
      })
      return { ...before, desired: n }
    },
  }
}
